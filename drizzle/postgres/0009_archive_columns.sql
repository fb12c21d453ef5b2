ALTER TABLE "sync_tasks" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "sync_tasks" ADD COLUMN "completed_at" bigint;--> statement-breakpoint
ALTER TABLE "sync_tasks" ADD COLUMN "board_column" text;--> statement-breakpoint
ALTER TABLE "sync_tasks" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "sync_tasks_completed_uid_idx" ON "sync_tasks" USING btree ("completed_at","uid");--> statement-breakpoint
CREATE INDEX "sync_tasks_created_uid_idx" ON "sync_tasks" USING btree ("created_at","uid");--> statement-breakpoint
CREATE INDEX "sync_tasks_counts_idx" ON "sync_tasks" USING btree ("deleted","board_column","progress");