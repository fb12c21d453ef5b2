ALTER TABLE "sync_revocations" ALTER COLUMN "task_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_revocations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_revocations" ADD COLUMN "project_id" text;