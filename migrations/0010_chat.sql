CREATE TABLE `conversation_members` (
	`conversation_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`other_id` integer NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	`last_activity_at` text,
	`deleted_up_to` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`conversation_id`, `member_id`)
);
--> statement-breakpoint
CREATE INDEX `conversation_members_list` ON `conversation_members` (`member_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `conversation_members_other` ON `conversation_members` (`member_id`,`other_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`member_a` integer NOT NULL,
	`member_b` integer NOT NULL,
	`started_by` integer NOT NULL,
	`created_at` text NOT NULL,
	`last_message_id` integer,
	`last_message_at` text,
	`awaiting_operator_since` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair` ON `conversations` (`member_a`,`member_b`);--> statement-breakpoint
CREATE INDEX `conversations_awaiting` ON `conversations` (`awaiting_operator_since`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`sender_id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text,
	`gift` text,
	`image_key` text,
	`client_id` text NOT NULL,
	`credits` integer NOT NULL,
	`sent_by_operator` integer,
	`created_at` text NOT NULL,
	`read_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_client` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `messages_conversation` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_members` (
	`id` integer PRIMARY KEY NOT NULL,
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
	`free_conversations_left` integer DEFAULT 0 NOT NULL,
	`free_messages_left` integer DEFAULT 0 NOT NULL,
	`paid_user` integer DEFAULT false NOT NULL,
	`sexuality` text,
	`about_me` text,
	`hair_colour` text,
	`eye_colour` text,
	`body_type` text,
	`relationship_status` text,
	`tattoos` text,
	`signup_reason` text,
	`interests` text DEFAULT '[]' NOT NULL,
	`profile_status` text DEFAULT 'active' NOT NULL,
	`notifications_disabled` text DEFAULT '[]' NOT NULL,
	`push_permission` text,
	`signup_step` text DEFAULT 'done' NOT NULL,
	`email_confirmed_at` text,
	`main_photo_id` text,
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
	CONSTRAINT "members_credits_not_negative" CHECK("__new_members"."credits" >= 0),
	CONSTRAINT "members_free_messages_not_negative" CHECK("__new_members"."free_messages_left" >= 0),
	CONSTRAINT "members_free_conversations_not_negative" CHECK("__new_members"."free_conversations_left" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_members`("id", "company_id", "home_site", "email", "name", "gender", "birth_date", "country", "region", "city", "niche", "fictional", "status", "created_at", "password_hash", "language", "credits", "free_conversations_left", "free_messages_left", "paid_user", "sexuality", "about_me", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos", "signup_reason", "interests", "profile_status", "notifications_disabled", "push_permission", "signup_step", "email_confirmed_at", "main_photo_id", "failed_logins", "first_failed_at", "locked_until", "deleted_at", "delete_reason", "erased_at", "tracking_network", "tracking_ref", "tracking_sub1", "tracking_sub2", "tracking_sub3") SELECT "id", "company_id", "home_site", "email", "name", "gender", "birth_date", "country", "region", "city", "niche", "fictional", "status", "created_at", "password_hash", "language", "credits", "free_conversations_left", "free_messages_left", "paid_user", "sexuality", "about_me", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos", "signup_reason", "interests", "profile_status", "notifications_disabled", "push_permission", "signup_step", "email_confirmed_at", "main_photo_id", "failed_logins", "first_failed_at", "locked_until", "deleted_at", "delete_reason", "erased_at", "tracking_network", "tracking_ref", "tracking_sub1", "tracking_sub2", "tracking_sub3" FROM `members`;--> statement-breakpoint
DROP TABLE `members`;--> statement-breakpoint
ALTER TABLE `__new_members` RENAME TO `members`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `members_company_email` ON `members` (`company_id`,`email`);--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`status`,`profile_status`,`created_at`,`region`,`birth_date`);--> statement-breakpoint
CREATE INDEX `members_swipe` ON `members` (`company_id`,`niche`,`gender`,`status`,`profile_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `members_created` ON `members` (`created_at`);--> statement-breakpoint
-- Members who were there before the chat get a free member's allowance of the default settings.
UPDATE `members` SET `free_conversations_left` = 2, `free_messages_left` = 3 WHERE `paid_user` = 0 AND `fictional` = 0;
