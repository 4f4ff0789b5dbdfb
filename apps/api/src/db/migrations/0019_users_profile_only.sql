DROP INDEX "users_calendar_feed_token_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "calendar_feed_token";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "calendar_feed_full_names";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_receipt_number";