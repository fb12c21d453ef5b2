CREATE TABLE `sync_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`task_uid` text NOT NULL,
	`user_id` text,
	`client_id` text NOT NULL,
	`op_id` text NOT NULL,
	`kind` text NOT NULL,
	`outcome` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sync_changes_kind_check" CHECK("sync_changes"."kind" in ('upsert', 'delete', 'restore')),
	CONSTRAINT "sync_changes_outcome_check" CHECK("sync_changes"."outcome" in ('applied', 'unchanged', 'forbidden'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_changes_client_op_idx` ON `sync_changes` (`client_id`,`op_id`);--> statement-breakpoint
CREATE INDEX `sync_changes_created_at_idx` ON `sync_changes` (`created_at`);--> statement-breakpoint
CREATE TABLE `sync_conflicts` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`task_uid` text NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	`hlc` text NOT NULL,
	`winning_hlc` text,
	`reason` text NOT NULL,
	`user_id` text,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sync_conflicts_reason_check" CHECK("sync_conflicts"."reason" in ('concurrent', 'after-delete', 'forbidden'))
);
--> statement-breakpoint
CREATE INDEX `sync_conflicts_task_seq_idx` ON `sync_conflicts` (`task_uid`,`seq`);--> statement-breakpoint
CREATE INDEX `sync_conflicts_seq_idx` ON `sync_conflicts` (`seq`);--> statement-breakpoint
CREATE TABLE `sync_revocations` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`task_uid` text NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_revocations_user_seq_idx` ON `sync_revocations` (`user_id`,`seq`);--> statement-breakpoint
CREATE TABLE `sync_state` (
	`id` integer PRIMARY KEY DEFAULT 1 NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`gc_floor_seq` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sync_state_single_row_check" CHECK("sync_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `sync_tasks` (
	`uid` text PRIMARY KEY NOT NULL,
	`owner_id` text,
	`assignee_id` text,
	`fields` text NOT NULL,
	`life` text,
	`deleted` integer DEFAULT false NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sync_tasks_version_uid_idx` ON `sync_tasks` (`version`,`uid`);--> statement-breakpoint
CREATE INDEX `sync_tasks_owner_version_idx` ON `sync_tasks` (`owner_id`,`version`);--> statement-breakpoint
CREATE INDEX `sync_tasks_assignee_version_idx` ON `sync_tasks` (`assignee_id`,`version`);