CREATE TABLE `inbox_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`task_uid` text NOT NULL,
	`actor_id` text,
	`comment_id` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_uid`) REFERENCES `sync_tasks`(`uid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "inbox_items_kind_check" CHECK("inbox_items"."kind" in ('mentioned', 'commented', 'assigned', 'completed'))
);
--> statement-breakpoint
CREATE INDEX `inbox_items_user_created_idx` ON `inbox_items` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `inbox_items_user_unread_idx` ON `inbox_items` (`user_id`) WHERE "inbox_items"."read_at" is null;