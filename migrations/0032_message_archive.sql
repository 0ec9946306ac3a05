CREATE TABLE `message_archives` (
	`conversation_id` integer NOT NULL,
	`first_id` integer NOT NULL,
	`last_id` integer NOT NULL,
	`period` text NOT NULL,
	`key` text NOT NULL,
	`messages` integer NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`conversation_id`, `first_id`)
);
--> statement-breakpoint
ALTER TABLE `conversations` ADD `archived_up_to` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `conversations_to_archive` ON `conversations` (`last_message_at`) WHERE last_message_id > archived_up_to;