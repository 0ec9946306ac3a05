CREATE TABLE `dev_psp_mandates` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`method` text NOT NULL,
	`label` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `directdebit_blocks` (
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`reason` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`kind`, `value`)
);
--> statement-breakpoint
CREATE TABLE `directdebit_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`site` text NOT NULL,
	`country` text NOT NULL,
	`package` text NOT NULL,
	`credits` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`discount_code` text,
	`discount_kind` text,
	`discount_percentage` integer,
	`full_amount` integer,
	`holder` text,
	`iban` text,
	`street` text,
	`house_number` text,
	`zip` text,
	`city` text,
	`phone` text,
	`otp_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`payment_id` text,
	CONSTRAINT "directdebit_requests_attempts" CHECK("directdebit_requests"."attempts" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE INDEX `directdebit_requests_member` ON `directdebit_requests` (`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mandates` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_customer_id` text NOT NULL,
	`provider_mandate_id` text NOT NULL,
	`method` text NOT NULL,
	`label` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mandates_provider_id` ON `mandates` (`provider`,`provider_mandate_id`);--> statement-breakpoint
CREATE INDEX `mandates_member` ON `mandates` (`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_customers` (
	`member_id` integer NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`member_id`, `provider`)
);
--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer,
	`site` text NOT NULL,
	`to_number` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text,
	`sent_at` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` text
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_created` ON `sms_outbox` (`created_at`);--> statement-breakpoint
ALTER TABLE `dev_psp_payments` ADD `customer_id` text;--> statement-breakpoint
ALTER TABLE `dev_psp_payments` ADD `sequence_type` text DEFAULT 'oneoff' NOT NULL;--> statement-breakpoint
ALTER TABLE `dev_psp_payments` ADD `mandate_id` text;