CREATE TABLE "task_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"task_uid" text NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"added_by" text,
	"added_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"changed_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "task_attachments_size_check" CHECK ("task_attachments"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_task_uid_sync_tasks_uid_fk" FOREIGN KEY ("task_uid") REFERENCES "public"."sync_tasks"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_attachments_task_added_idx" ON "task_attachments" USING btree ("task_uid","added_at","id");--> statement-breakpoint
CREATE INDEX "task_attachments_deleted_idx" ON "task_attachments" USING btree ("deleted_at") WHERE "task_attachments"."deleted_at" is not null;