ALTER TABLE `likes` ADD `withdrawn_at` text;--> statement-breakpoint
CREATE INDEX `members_swipe` ON `members` (`company_id`,`niche`,`gender`,`status`,`profile_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `members_created` ON `members` (`created_at`);--> statement-breakpoint
CREATE INDEX `swipe_passes_passed` ON `swipe_passes` (`passed_id`);