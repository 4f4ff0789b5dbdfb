CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"full_names" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_receipt_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
-- custom: the calendar feeds and receipt counters kept on users move to the tables of the agenda and of finance, before the users' columns go.
INSERT INTO "calendar_feeds" ("user_id", "token", "full_names") SELECT "id", "calendar_feed_token", "calendar_feed_full_names" FROM "users" WHERE "calendar_feed_token" IS NOT NULL;--> statement-breakpoint
INSERT INTO "receipt_counters" ("user_id", "last_receipt_number") SELECT "id", "last_receipt_number" FROM "users" WHERE "last_receipt_number" > 0;--> statement-breakpoint
DROP INDEX "users_calendar_feed_token_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "calendar_feed_token";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "calendar_feed_full_names";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_receipt_number";
