DROP INDEX `members_search`;--> statement-breakpoint
DROP INDEX `members_swipe`;--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`status`,`profile_status`,`invisible`,`moderation`,`created_at`,`region`,`birth_date`);--> statement-breakpoint
CREATE INDEX `members_swipe` ON `members` (`company_id`,`niche`,`gender`,`status`,`profile_status`,`invisible`,`moderation`,`created_at`);