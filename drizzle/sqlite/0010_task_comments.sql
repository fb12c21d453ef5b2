CREATE TABLE `task_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`task_uid` text NOT NULL,
	`author_id` text,
	`body` text NOT NULL,
	`mentions` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`edited_at` integer,
	`deleted_at` integer,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`task_uid`) REFERENCES `sync_tasks`(`uid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_comments_task_created_idx` ON `task_comments` (`task_uid`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `task_comments_task_changed_idx` ON `task_comments` (`task_uid`,`changed_at`,`id`);