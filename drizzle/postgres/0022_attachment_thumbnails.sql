ALTER TABLE "task_attachments" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD COLUMN "height" integer;