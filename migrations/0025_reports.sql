CREATE TABLE `complaints` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`member_id` integer,
	`decision_id` text,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	`outcome` text,
	`answer` text,
	`operator_id` integer,
	`decided_at` text
);
--> statement-breakpoint
CREATE INDEX `complaints_open` ON `complaints` (`company_id`,`created_at`) WHERE "complaints"."outcome" IS NULL;--> statement-breakpoint
CREATE INDEX `complaints_member` ON `complaints` (`member_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `complaints_decision` ON `complaints` (`decision_id`);--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`operator_id` integer NOT NULL,
	`kind` text NOT NULL,
	`object_id` text NOT NULL,
	`action` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`appeal_of` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `decisions_member` ON `decisions` (`member_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `decisions_appeal` ON `decisions` (`appeal_of`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`site` text NOT NULL,
	`kind` text NOT NULL,
	`object_id` text NOT NULL,
	`member_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`text` text,
	`content` text,
	`created_at` text NOT NULL,
	`decision_id` text
);
--> statement-breakpoint
CREATE INDEX `reports_open` ON `reports` (`company_id`,`created_at`,`id`) WHERE "reports"."decision_id" IS NULL;--> statement-breakpoint
CREATE INDEX `reports_object` ON `reports` (`kind`,`object_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter` ON `reports` (`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_member` ON `reports` (`member_id`);--> statement-breakpoint
DROP INDEX `members_search`;--> statement-breakpoint
DROP INDEX `members_swipe`;--> statement-breakpoint
ALTER TABLE `members` ADD `moderation` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`status`,`profile_status`,`created_at`,`region`,`birth_date`,`invisible`,`moderation`);--> statement-breakpoint
CREATE INDEX `members_swipe` ON `members` (`company_id`,`niche`,`gender`,`status`,`profile_status`,`created_at`,`invisible`,`moderation`);