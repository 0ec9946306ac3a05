CREATE TABLE `fictional_personas` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` integer
);
