ALTER TABLE "inbox_items" DROP CONSTRAINT "inbox_items_kind_check";--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "fields" text;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_kind_check" CHECK ("inbox_items"."kind" in ('mentioned', 'commented', 'assigned', 'completed', 'replaced'));