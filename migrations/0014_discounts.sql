CREATE TABLE `discount_codes` (
	`code` text NOT NULL,
	`company_id` integer NOT NULL,
	`country` text,
	`user_id` integer,
	`percentage` integer NOT NULL,
	`currency` text,
	`minimum_order_value` integer,
	`paymentmethods` text,
	`starts_at` text NOT NULL,
	`expires_at` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `code`),
	CONSTRAINT "discount_codes_percentage" CHECK("discount_codes"."percentage" BETWEEN 1 AND 90),
	CONSTRAINT "discount_codes_upper" CHECK("discount_codes"."code" = upper("discount_codes"."code")),
	CONSTRAINT "discount_codes_minimum" CHECK("discount_codes"."minimum_order_value" IS NULL OR "discount_codes"."minimum_order_value" > 0)
);
--> statement-breakpoint
CREATE TABLE `discount_redemptions` (
	`code` text NOT NULL,
	`member_id` integer NOT NULL,
	`payment_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`code`, `member_id`)
);
--> statement-breakpoint
CREATE INDEX `discount_redemptions_payment` ON `discount_redemptions` (`payment_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `discount_percentage` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `full_amount` integer;