CREATE TABLE `inbox_digests` (
	`user_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`last_sent_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `emailed_at` integer;--> statement-breakpoint
CREATE INDEX `inbox_items_unmailed_idx` ON `inbox_items` (`created_at`) WHERE "inbox_items"."read_at" is null and "inbox_items"."emailed_at" is null;