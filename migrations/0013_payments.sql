CREATE TABLE `dev_psp_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`description` text NOT NULL,
	`method` text NOT NULL,
	`issuer` text,
	`reference` text NOT NULL,
	`redirect_url` text NOT NULL,
	`webhook_url` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`site` text NOT NULL,
	`country` text NOT NULL,
	`package` text NOT NULL,
	`credits` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`method` text NOT NULL,
	`issuer` text,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`paid_at` text,
	`made_premium` integer DEFAULT false NOT NULL,
	CONSTRAINT "payments_positive" CHECK("payments"."credits" > 0 AND "payments"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_id` ON `payments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_member` ON `payments` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_ledger_member` ON `credit_ledger` (`member_id`,`id`);