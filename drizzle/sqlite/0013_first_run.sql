CREATE TABLE `setup_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`by` text,
	FOREIGN KEY (`by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "setup_marks_name_check" CHECK("setup_marks"."name" in ('test-mail-sent', 'checklist-dismissed'))
);
