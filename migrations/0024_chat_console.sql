CREATE TABLE `operator_answers` (
	`message_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`site` text NOT NULL,
	`operator_id` integer NOT NULL,
	`waited_ms` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operator_answers_company` ON `operator_answers` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `operator_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`fictional_id` integer NOT NULL,
	`operator_id` integer NOT NULL,
	`note` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operator_notes_pair` ON `operator_notes` (`member_id`,`fictional_id`,`id`);--> statement-breakpoint
ALTER TABLE `conversations` ADD `locked_by` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `locked_until` text;