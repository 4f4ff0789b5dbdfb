CREATE TABLE "appointment_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office_address" text;--> statement-breakpoint
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_links_appointment_idx" ON "appointment_links" USING btree ("appointment_id");--> statement-breakpoint
-- custom: the links already mailed (one per appointment, in appointments.public_token_hash) keep working.
INSERT INTO "appointment_links" ("token_hash", "appointment_id") SELECT "public_token_hash", "id" FROM "appointments" WHERE "public_token_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "appointments" SET "public_token_hash" = NULL WHERE "public_token_hash" IS NOT NULL;
