CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`key` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text NOT NULL,
	`reviewed_at` text
);
--> statement-breakpoint
CREATE INDEX `photos_member` ON `photos` (`member_id`,`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `members` ADD `main_photo_id` text;--> statement-breakpoint
-- Main photos uploaded before the photos table existed become its rows (dimensions unknown: 0).
INSERT INTO `photos` (`id`, `member_id`, `key`, `content_type`, `width`, `height`, `bytes`, `status`, `created_at`)
SELECT lower(hex(randomblob(16))), `id`, `main_photo_key`,
  CASE WHEN `main_photo_key` LIKE '%.png' THEN 'image/png' WHEN `main_photo_key` LIKE '%.webp' THEN 'image/webp' ELSE 'image/jpeg' END,
  0, 0, 0, coalesce(`main_photo_status`, 'pending'), `created_at`
FROM `members` WHERE `main_photo_key` IS NOT NULL;--> statement-breakpoint
UPDATE `members` SET `main_photo_id` = (SELECT `id` FROM `photos` WHERE `photos`.`member_id` = `members`.`id` AND `photos`.`key` = `members`.`main_photo_key`)
WHERE `main_photo_key` IS NOT NULL;
