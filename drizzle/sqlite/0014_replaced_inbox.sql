PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_inbox_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`task_uid` text NOT NULL,
	`actor_id` text,
	`comment_id` text,
	`fields` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	`emailed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_uid`) REFERENCES `sync_tasks`(`uid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "inbox_items_kind_check" CHECK("__new_inbox_items"."kind" in ('mentioned', 'commented', 'assigned', 'completed', 'replaced'))
);
--> statement-breakpoint
INSERT INTO `__new_inbox_items`("id", "user_id", "kind", "task_uid", "actor_id", "comment_id", "created_at", "read_at", "emailed_at") SELECT "id", "user_id", "kind", "task_uid", "actor_id", "comment_id", "created_at", "read_at", "emailed_at" FROM `inbox_items`;--> statement-breakpoint
DROP TABLE `inbox_items`;--> statement-breakpoint
ALTER TABLE `__new_inbox_items` RENAME TO `inbox_items`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `inbox_items_user_created_idx` ON `inbox_items` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `inbox_items_user_unread_idx` ON `inbox_items` (`user_id`) WHERE "inbox_items"."read_at" is null;--> statement-breakpoint
CREATE INDEX `inbox_items_unmailed_idx` ON `inbox_items` (`created_at`) WHERE "inbox_items"."read_at" is null and "inbox_items"."emailed_at" is null;