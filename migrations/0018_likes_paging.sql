DROP INDEX `likes_liked`;--> statement-breakpoint
CREATE INDEX `likes_liker` ON `likes` (`liker_id`,`created_at`,`liked_id`);--> statement-breakpoint
CREATE INDEX `likes_liked` ON `likes` (`liked_id`,("seen_at" IS NULL),`created_at`,`liker_id`);