CREATE TABLE `provider_erasures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` text NOT NULL,
	`done_at` text,
	`error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_erasures_customer` ON `provider_erasures` (`provider`,`customer_id`);--> statement-breakpoint
CREATE INDEX `provider_erasures_due` ON `provider_erasures` (`next_at`) WHERE done_at IS NULL;