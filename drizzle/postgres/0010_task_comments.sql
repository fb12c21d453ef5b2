CREATE TABLE "task_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"task_uid" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"mentions" text DEFAULT '[]' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"deleted_at" timestamp (3) with time zone,
	"changed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_uid_sync_tasks_uid_fk" FOREIGN KEY ("task_uid") REFERENCES "public"."sync_tasks"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_comments_task_created_idx" ON "task_comments" USING btree ("task_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "task_comments_task_changed_idx" ON "task_comments" USING btree ("task_uid","changed_at","id");