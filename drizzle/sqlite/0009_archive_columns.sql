ALTER TABLE `sync_tasks` ADD `progress` integer;--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `board_column` text;--> statement-breakpoint
ALTER TABLE `sync_tasks` ADD `search_text` text;--> statement-breakpoint
CREATE INDEX `sync_tasks_completed_uid_idx` ON `sync_tasks` (`completed_at`,`uid`);--> statement-breakpoint
CREATE INDEX `sync_tasks_created_uid_idx` ON `sync_tasks` (`created_at`,`uid`);--> statement-breakpoint
CREATE INDEX `sync_tasks_counts_idx` ON `sync_tasks` (`deleted`,`board_column`,`progress`);