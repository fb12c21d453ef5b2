CREATE TABLE "sync_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"task_uid" text NOT NULL,
	"user_id" text,
	"client_id" text NOT NULL,
	"op_id" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sync_changes_kind_check" CHECK ("sync_changes"."kind" in ('upsert', 'delete', 'restore')),
	CONSTRAINT "sync_changes_outcome_check" CHECK ("sync_changes"."outcome" in ('applied', 'unchanged', 'forbidden'))
);
--> statement-breakpoint
CREATE TABLE "sync_conflicts" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"task_uid" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"hlc" text NOT NULL,
	"winning_hlc" text,
	"reason" text NOT NULL,
	"user_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	CONSTRAINT "sync_conflicts_reason_check" CHECK ("sync_conflicts"."reason" in ('concurrent', 'after-delete', 'forbidden'))
);
--> statement-breakpoint
CREATE TABLE "sync_revocations" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"task_uid" text NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"gc_floor_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sync_state_single_row_check" CHECK ("sync_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sync_tasks" (
	"uid" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"assignee_id" text,
	"fields" text NOT NULL,
	"life" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_changes" ADD CONSTRAINT "sync_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_conflicts" ADD CONSTRAINT "sync_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_revocations" ADD CONSTRAINT "sync_revocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_tasks" ADD CONSTRAINT "sync_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_tasks" ADD CONSTRAINT "sync_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_changes_client_op_idx" ON "sync_changes" USING btree ("client_id","op_id");--> statement-breakpoint
CREATE INDEX "sync_changes_created_at_idx" ON "sync_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sync_conflicts_task_seq_idx" ON "sync_conflicts" USING btree ("task_uid","seq");--> statement-breakpoint
CREATE INDEX "sync_conflicts_seq_idx" ON "sync_conflicts" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "sync_revocations_user_seq_idx" ON "sync_revocations" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "sync_tasks_version_uid_idx" ON "sync_tasks" USING btree ("version","uid");--> statement-breakpoint
CREATE INDEX "sync_tasks_owner_version_idx" ON "sync_tasks" USING btree ("owner_id","version");--> statement-breakpoint
CREATE INDEX "sync_tasks_assignee_version_idx" ON "sync_tasks" USING btree ("assignee_id","version");