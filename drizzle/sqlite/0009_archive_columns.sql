ALTER TABLE `sync_tasks` ADD `progress` integer;--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `board_column` text;--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `search_text` text;--> statement-breakpoint
CREATE INDEX `sync_tasks_completed_uid_idx` ON `sync_tasks` (`completed_at`,`uid`);--> statement-breakpoint
CREATE INDEX `sync_tasks_counts_idx` ON `sync_tasks` (`board_column`,`progress`);--> statement-breakpoint
CREATE INDEX `sync_tasks_pending_idx` ON `sync_tasks` (`created_at`,`uid`) WHERE "sync_tasks"."board_column" is not null and ("sync_tasks"."progress" is null or "sync_tasks"."progress" <> 100);