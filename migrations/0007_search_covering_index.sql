DROP INDEX `members_search`;--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`status`,`profile_status`,`created_at`,`region`,`birth_date`);