CREATE TABLE `dev_psp_reversals` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_psp_reversals_payment` ON `dev_psp_reversals` (`payment_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_reversals` (
	`member_id` integer NOT NULL,
	`ref` text NOT NULL,
	`payment_id` text NOT NULL,
	`kind` text NOT NULL,
	`provider_reversal_id` text NOT NULL,
	`amount` integer NOT NULL,
	`credits` integer NOT NULL,
	`taken` integer NOT NULL,
	`shortfall` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`member_id`, `ref`),
	CONSTRAINT "payment_reversals_amounts" CHECK("payment_reversals"."amount" > 0 AND "payment_reversals"."credits" >= 0 AND "payment_reversals"."taken" >= 0 AND "payment_reversals"."shortfall" >= 0 AND "payment_reversals"."taken" + "payment_reversals"."shortfall" = "payment_reversals"."credits")
);
--> statement-breakpoint
CREATE INDEX `payment_reversals_payment` ON `payment_reversals` (`payment_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `charged_back_amount` integer DEFAULT 0 NOT NULL;