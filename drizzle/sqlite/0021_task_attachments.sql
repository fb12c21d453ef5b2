CREATE TABLE `task_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`task_uid` text NOT NULL,
	`name` text NOT NULL,
	`media_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`added_by` text,
	`added_at` integer NOT NULL,
	`deleted_at` integer,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`task_uid`) REFERENCES `sync_tasks`(`uid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "task_attachments_size_check" CHECK("task_attachments"."size" >= 0)
);
--> statement-breakpoint
CREATE INDEX `task_attachments_task_added_idx` ON `task_attachments` (`task_uid`,`added_at`,`id`);--> statement-breakpoint
CREATE INDEX `task_attachments_deleted_idx` ON `task_attachments` (`deleted_at`) WHERE "task_attachments"."deleted_at" is not null;