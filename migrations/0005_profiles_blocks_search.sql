CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`)
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked` ON `blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
DROP INDEX `members_company_niche_country`;--> statement-breakpoint
ALTER TABLE `members` ADD `hair_colour` text;--> statement-breakpoint
ALTER TABLE `members` ADD `eye_colour` text;--> statement-breakpoint
ALTER TABLE `members` ADD `body_type` text;--> statement-breakpoint
ALTER TABLE `members` ADD `relationship_status` text;--> statement-breakpoint
ALTER TABLE `members` ADD `tattoos` text;--> statement-breakpoint
ALTER TABLE `members` ADD `signup_reason` text;--> statement-breakpoint
ALTER TABLE `members` ADD `interests` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`created_at`);