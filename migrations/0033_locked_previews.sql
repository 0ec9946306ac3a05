ALTER TABLE `photos` ADD `preview` text;--> statement-breakpoint
CREATE INDEX `photos_without_preview` ON `photos` (`created_at`) WHERE "photos"."preview" IS NULL;