ALTER TABLE `mail_outbox` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `enqueued_at` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `failed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_message_id` ON `mail_outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_pending` ON `mail_outbox` (`enqueued_at`,`id`) WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `status` text;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `enqueued_at` text;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `failed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sms_outbox_provider_id` ON `sms_outbox` (`provider_id`);--> statement-breakpoint
CREATE INDEX `sms_outbox_pending` ON `sms_outbox` (`enqueued_at`,`id`) WHERE sent_at IS NULL AND failed_at IS NULL;