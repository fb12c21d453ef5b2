CREATE TABLE `reminder_sends` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	`task_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_sends_user_day_idx` ON `reminder_sends` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email_enabled` integer DEFAULT false NOT NULL,
	`time` text NOT NULL,
	`time_zone` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
