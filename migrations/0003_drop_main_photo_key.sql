ALTER TABLE `members` DROP COLUMN `main_photo_key`;--> statement-breakpoint
ALTER TABLE `members` DROP COLUMN `main_photo_status`;