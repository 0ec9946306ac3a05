ALTER TABLE `members` DROP COLUMN `failed_logins`;--> statement-breakpoint
ALTER TABLE `members` DROP COLUMN `first_failed_at`;--> statement-breakpoint
ALTER TABLE `members` DROP COLUMN `locked_until`;