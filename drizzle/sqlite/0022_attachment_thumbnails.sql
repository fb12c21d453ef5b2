ALTER TABLE `task_attachments` ADD `thumbnail_key` text;--> statement-breakpoint
ALTER TABLE `task_attachments` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `task_attachments` ADD `height` integer;