ALTER TABLE `messages` ADD `image_thumb_key` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `thumb_key` text;--> statement-breakpoint
CREATE INDEX `photos_unversioned` ON `photos` (`created_at`) WHERE "photos"."thumb_key" IS NULL;