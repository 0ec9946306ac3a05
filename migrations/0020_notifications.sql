CREATE TABLE `digest_runs` (
	`week` text PRIMARY KEY NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE TABLE `notification_sends` (
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`at` text NOT NULL,
	PRIMARY KEY(`member_id`, `kind`, `ref`)
);
--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`member_id` integer NOT NULL,
	`type` text NOT NULL,
	`channel` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`member_id`, `type`, `channel`)
);
--> statement-breakpoint
DROP INDEX `members_search`;--> statement-breakpoint
DROP INDEX `members_swipe`;--> statement-breakpoint
ALTER TABLE `members` ADD `invisible` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `last_active_at` text;--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`status`,`profile_status`,`created_at`,`region`,`birth_date`,`invisible`);--> statement-breakpoint
CREATE INDEX `members_swipe` ON `members` (`company_id`,`niche`,`gender`,`status`,`profile_status`,`created_at`,`invisible`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;--> statement-breakpoint
CREATE INDEX `messages_unread_created` ON `messages` (`created_at`) WHERE "messages"."read_at" IS NULL;