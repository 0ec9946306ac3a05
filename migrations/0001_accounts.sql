CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`data` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `account_tokens_member_kind` ON `account_tokens` (`member_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`reason` text NOT NULL,
	`ref` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_member_ref` ON `credit_ledger` (`member_id`,`ref`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer,
	`site` text NOT NULL,
	`to_address` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_created` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_member` ON `sessions` (`member_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`home_site` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`gender` text NOT NULL,
	`birth_date` text NOT NULL,
	`country` text NOT NULL,
	`region` text,
	`city` text,
	`niche` integer NOT NULL,
	`fictional` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`password_hash` text,
	`language` text DEFAULT 'nl' NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`paid_user` integer DEFAULT false NOT NULL,
	`sexuality` text,
	`about_me` text,
	`profile_status` text DEFAULT 'active' NOT NULL,
	`notifications_disabled` text DEFAULT '[]' NOT NULL,
	`push_permission` text,
	`signup_step` text DEFAULT 'done' NOT NULL,
	`email_confirmed_at` text,
	`main_photo_key` text,
	`main_photo_status` text,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`first_failed_at` text,
	`locked_until` text,
	`deleted_at` text,
	`delete_reason` text,
	`erased_at` text,
	`tracking_network` text,
	`tracking_ref` text,
	`tracking_sub1` text,
	`tracking_sub2` text,
	`tracking_sub3` text,
	CONSTRAINT "members_credits_not_negative" CHECK("__new_members"."credits" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_members`("id", "company_id", "home_site", "email", "name", "gender", "birth_date", "country", "region", "city", "niche", "fictional", "status", "created_at", "password_hash", "language", "credits", "paid_user", "sexuality", "about_me", "profile_status", "notifications_disabled", "push_permission", "signup_step", "email_confirmed_at", "main_photo_key", "main_photo_status", "failed_logins", "first_failed_at", "locked_until", "deleted_at", "delete_reason", "erased_at", "tracking_network", "tracking_ref", "tracking_sub1", "tracking_sub2", "tracking_sub3") SELECT "id", "company_id", "home_site", "email", "name", "gender", "birth_date", "country", "region", "city", "niche", "fictional", "status", "created_at", "password_hash", "language", "credits", "paid_user", "sexuality", "about_me", "profile_status", "notifications_disabled", "push_permission", "signup_step", "email_confirmed_at", "main_photo_key", "main_photo_status", "failed_logins", "first_failed_at", "locked_until", "deleted_at", "delete_reason", "erased_at", "tracking_network", "tracking_ref", "tracking_sub1", "tracking_sub2", "tracking_sub3" FROM `members`;--> statement-breakpoint
DROP TABLE `members`;--> statement-breakpoint
ALTER TABLE `__new_members` RENAME TO `members`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `members_company_email` ON `members` (`company_id`,`email`);--> statement-breakpoint
CREATE INDEX `members_company_niche_country` ON `members` (`company_id`,`niche`,`country`);