CREATE TABLE `labels` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`color` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "labels_color_check" CHECK("labels"."color" in ('red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_name_key_idx` ON `labels` (`name_key`);