ALTER TABLE "sync_conflicts" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "sync_conflicts" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "sync_conflicts" ADD CONSTRAINT "sync_conflicts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_conflicts" ADD CONSTRAINT "sync_conflicts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_changes_task_seq_idx" ON "sync_changes" USING btree ("task_uid","seq");--> statement-breakpoint
-- Records made before authors were stamped: the pusher wrote every kept value but an overwritten one.
UPDATE "sync_conflicts" SET "author_id" = "user_id";
