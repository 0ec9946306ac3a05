CREATE TABLE `likes` (
	`liker_id` integer NOT NULL,
	`liked_id` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	`seen_at` text,
	PRIMARY KEY(`liker_id`, `liked_id`)
);
--> statement-breakpoint
CREATE INDEX `likes_liked` ON `likes` (`liked_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `swipe_passes` (
	`member_id` integer NOT NULL,
	`passed_id` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`member_id`, `passed_id`)
);
