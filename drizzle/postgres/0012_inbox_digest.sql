CREATE TABLE "inbox_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "emailed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "inbox_digests" ADD CONSTRAINT "inbox_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_unmailed_idx" ON "inbox_items" USING btree ("created_at") WHERE "inbox_items"."read_at" is null and "inbox_items"."emailed_at" is null;