DROP INDEX `complaints_open`;--> statement-breakpoint
CREATE INDEX `complaints_open` ON `complaints` (`company_id`,`created_at`,`id`) WHERE "complaints"."outcome" IS NULL;--> statement-breakpoint
DROP INDEX `reports_open`;--> statement-breakpoint
ALTER TABLE `reports` ADD `tier` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `reporter_net` text;--> statement-breakpoint
UPDATE `reports` SET `tier` = 0 WHERE `reason` = 'underage';--> statement-breakpoint
CREATE INDEX `reports_open` ON `reports` (`company_id`,`tier`,`created_at`,`id`) WHERE "reports"."decision_id" IS NULL;