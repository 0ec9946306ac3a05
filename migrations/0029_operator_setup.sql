CREATE TABLE `operator_setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`operator_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`totp_secret` text
);
--> statement-breakpoint
CREATE INDEX `operator_setup_tokens_operator` ON `operator_setup_tokens` (`operator_id`);--> statement-breakpoint
ALTER TABLE `operators` ADD `pending_totp_secret` text;