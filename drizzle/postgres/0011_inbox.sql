CREATE TABLE "inbox_items" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"task_uid" text NOT NULL,
	"actor_id" text,
	"comment_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "inbox_items_kind_check" CHECK ("inbox_items"."kind" in ('mentioned', 'commented', 'assigned', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_task_uid_sync_tasks_uid_fk" FOREIGN KEY ("task_uid") REFERENCES "public"."sync_tasks"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_user_created_idx" ON "inbox_items" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inbox_items_user_unread_idx" ON "inbox_items" USING btree ("user_id") WHERE "inbox_items"."read_at" is null;