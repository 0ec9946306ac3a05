CREATE TABLE `members` (
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_company_email` ON `members` (`company_id`,`email`);--> statement-breakpoint
CREATE INDEX `members_company_niche_country` ON `members` (`company_id`,`niche`,`country`);