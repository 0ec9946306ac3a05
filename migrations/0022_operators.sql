CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`operator_id` integer NOT NULL,
	`action` text NOT NULL,
	`object_type` text NOT NULL,
	`object_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_company` ON `audit_log` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_operator` ON `audit_log` (`company_id`,`operator_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_action` ON `audit_log` (`company_id`,`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_object` ON `audit_log` (`company_id`,`object_type`,`object_id`,`id`);--> statement-breakpoint
CREATE TABLE `operator_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`operator_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operator_sessions_operator` ON `operator_sessions` (`operator_id`);--> statement-breakpoint
CREATE TABLE `operators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`totp_secret` text NOT NULL,
	`last_totp_step` integer,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operators_email` ON `operators` (`email`);--> statement-breakpoint
CREATE INDEX `operators_company` ON `operators` (`company_id`,`id`);--> statement-breakpoint
ALTER TABLE `photos` ADD `reviewed_by` integer;--> statement-breakpoint
ALTER TABLE `photos` ADD `removal_reason` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `removal_note` text;--> statement-breakpoint
CREATE INDEX `photos_pending` ON `photos` (`created_at`,`id`,`member_id`) WHERE "photos"."status" = 'pending';