PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_sync_revocations` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`task_uid` text,
	`user_id` text,
	`project_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_sync_revocations`("id", "seq", "task_uid", "user_id", "project_id") SELECT "id", "seq", "task_uid", "user_id", NULL FROM `sync_revocations`;--> statement-breakpoint
DROP TABLE `sync_revocations`;--> statement-breakpoint
ALTER TABLE `__new_sync_revocations` RENAME TO `sync_revocations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `sync_revocations_user_seq_idx` ON `sync_revocations` (`user_id`,`seq`);