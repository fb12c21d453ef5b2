CREATE TABLE "setup_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"by" text,
	CONSTRAINT "setup_marks_name_check" CHECK ("setup_marks"."name" in ('test-mail-sent', 'checklist-dismissed'))
);
--> statement-breakpoint
ALTER TABLE "setup_marks" ADD CONSTRAINT "setup_marks_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;