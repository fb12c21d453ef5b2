CREATE TABLE "project_members" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "project_members_role_check" CHECK ("project_members"."role" in ('assigned', 'commenter', 'member', 'manager'))
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"team_role" text,
	"next_number" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"created_by" text,
	CONSTRAINT "projects_key_unique" UNIQUE("key"),
	CONSTRAINT "projects_team_role_check" CHECK ("projects"."team_role" is null or "projects"."team_role" in ('assigned', 'commenter', 'member', 'manager')),
	CONSTRAINT "projects_color_check" CHECK ("projects"."color" in ('red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'))
);
--> statement-breakpoint
CREATE TABLE "task_keys" (
	"project_id" text NOT NULL,
	"number" integer NOT NULL,
	"task_uid" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "task_keys_project_id_number_pk" PRIMARY KEY("project_id","number")
);
--> statement-breakpoint
ALTER TABLE "sync_tasks" ADD COLUMN "project_id" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_keys" ADD CONSTRAINT "task_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_keys" ADD CONSTRAINT "task_keys_task_uid_sync_tasks_uid_fk" FOREIGN KEY ("task_uid") REFERENCES "public"."sync_tasks"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_keys_task_idx" ON "task_keys" USING btree ("task_uid");--> statement-breakpoint
CREATE INDEX "sync_tasks_project_version_idx" ON "sync_tasks" USING btree ("project_id","version","uid");--> statement-breakpoint
-- The General project (docs/decisions/0049-projects.md): every task of before projects is in it, and
-- its team role is 'assigned only', so everyone sees exactly the tasks they saw before.
INSERT INTO "projects" ("id", "key", "name", "color", "description", "team_role", "next_number", "created_at", "updated_at") VALUES ('general', 'GEN', 'General', 'blue', '', 'assigned', 1, now(), now());