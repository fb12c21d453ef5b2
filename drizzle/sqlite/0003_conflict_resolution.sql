ALTER TABLE `sync_conflicts` ADD `author_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `sync_conflicts` ADD `resolved_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `sync_changes_task_seq_idx` ON `sync_changes` (`task_uid`,`seq`);--> statement-breakpoint
-- Records made before authors were stamped: the pusher wrote every kept value but an overwritten one.
UPDATE `sync_conflicts` SET `author_id` = `user_id`;
