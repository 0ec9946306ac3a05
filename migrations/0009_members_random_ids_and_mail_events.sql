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
	CONSTRAINT "members_credits_not_negative" CHECK("__new_members"."credits" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_members`("id", "company_id", "home_site", "email", "name", "gender", "birth_date", "country", "region", "city", "niche", "fictional", "status", "created_at", "password_hash", "language", "credits", "paid_user", "sexuality", "about_me", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos", "signup_reason", "interests", "profile_status", "notifications_disabled", "push_permission", "signup_step", "email_confirmed_at", "main_photo_id", "failed_logins", "first_failed_at", "locked_until", "deleted_at", "delete_reason", "erased_at", "tracking_network", "tracking_ref", "tracking_sub1", "tracking_sub2", "tracking_sub3") SELECT "id", "company_id", "home_site", "email", "name", "gender", "birth_date", "country", "region", "city", "niche", "fictional", "status", "created_at", "password_hash", "language", "credits", "paid_user", "sexuality", "about_me", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos", "signup_reason", "interests", "profile_status", "notifications_disabled", "push_permission", "signup_step", "email_confirmed_at", "main_photo_id", "failed_logins", "first_failed_at", "locked_until", "deleted_at", "delete_reason", "erased_at", "tracking_network", "tracking_ref", "tracking_sub1", "tracking_sub2", "tracking_sub3" FROM `members`;--> statement-breakpoint
DROP TABLE `members`;--> statement-breakpoint
ALTER TABLE `__new_members` RENAME TO `members`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `members_company_email` ON `members` (`company_id`,`email`);--> statement-breakpoint
CREATE INDEX `members_search` ON `members` (`company_id`,`niche`,`gender`,`country`,`status`,`profile_status`,`created_at`,`region`,`birth_date`);--> statement-breakpoint
CREATE INDEX `members_swipe` ON `members` (`company_id`,`niche`,`gender`,`status`,`profile_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `members_created` ON `members` (`created_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `delivery_event` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `delivery_event_at` text;--> statement-breakpoint
-- An earlier text of 0002 gave main photos moved into `photos` random ids, while the media route
-- looks a photo up by the UUID in its key; such rows (and their members' main_photo_id) get that id.
UPDATE `members` SET `main_photo_id` = (SELECT substr(p.`key`, length('photos/' || p.`member_id` || '/') + 1, 36) FROM `photos` p WHERE p.`id` = `members`.`main_photo_id`)
WHERE `main_photo_id` IN (SELECT `id` FROM `photos` WHERE `id` != substr(`key`, length('photos/' || `member_id` || '/') + 1, 36));--> statement-breakpoint
UPDATE `photos` SET `id` = substr(`key`, length('photos/' || `member_id` || '/') + 1, 36) WHERE `id` != substr(`key`, length('photos/' || `member_id` || '/') + 1, 36);
