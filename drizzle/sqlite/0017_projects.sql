CREATE TABLE `project_members` (
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "project_members_role_check" CHECK("project_members"."role" in ('assigned', 'commenter', 'member', 'manager'))
);
--> statement-breakpoint
CREATE INDEX `project_members_user_idx` ON `project_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`team_role` text,
	`next_number` integer DEFAULT 1 NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_team_role_check" CHECK("projects"."team_role" is null or "projects"."team_role" in ('assigned', 'commenter', 'member', 'manager')),
	CONSTRAINT "projects_color_check" CHECK("projects"."color" in ('red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_key_unique` ON `projects` (`key`);--> statement-breakpoint
CREATE TABLE `task_keys` (
	`project_id` text NOT NULL,
	`number` integer NOT NULL,
	`task_uid` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `number`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_uid`) REFERENCES `sync_tasks`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_keys_task_idx` ON `task_keys` (`task_uid`);--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `project_id` text DEFAULT 'general' NOT NULL;--> statement-breakpoint
CREATE INDEX `sync_tasks_project_version_idx` ON `sync_tasks` (`project_id`,`version`,`uid`);--> statement-breakpoint
-- The General project (docs/decisions/0049-projects.md): every task of before projects is in it, and
-- its team role is 'assigned only', so everyone sees exactly the tasks they saw before.
INSERT INTO `projects` (`id`, `key`, `name`, `color`, `description`, `team_role`, `next_number`, `created_at`, `updated_at`) VALUES ('general', 'GEN', 'General', 'blue', '', 'assigned', 1, CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);