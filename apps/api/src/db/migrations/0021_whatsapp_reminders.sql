CREATE TABLE "appointment_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"lead_hours" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"fallback" boolean DEFAULT false NOT NULL,
	"provider_message_id" text,
	"token_hash" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "appointments_reminder_due_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminder_lead_hours" integer[] DEFAULT '{24}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_reminder_lead_hours" integer[] DEFAULT '{24}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_messages" ADD CONSTRAINT "appointment_messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_messages_appointment_idx" ON "appointment_messages" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_messages_reminder_key" ON "appointment_messages" USING btree ("appointment_id","channel","lead_hours","starts_at") WHERE "appointment_messages"."kind" = 'reminder';--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_messages_provider_key" ON "appointment_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_messages_token_key" ON "appointment_messages" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointments_open_starts_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" in ('scheduled', 'confirmed');--> statement-breakpoint
-- custom:
-- Each channel's lead times start as the one lead time there was (none when reminders were off).
UPDATE "users" SET
  "email_reminder_lead_hours" = CASE WHEN "reminder_lead_hours" > 0 THEN ARRAY["reminder_lead_hours"] ELSE '{}'::integer[] END,
  "whatsapp_reminder_lead_hours" = CASE WHEN "reminder_lead_hours" > 0 THEN ARRAY["reminder_lead_hours"] ELSE '{}'::integer[] END;--> statement-breakpoint
-- The reminders already mailed are the first rows of the record, so none goes again.
INSERT INTO "appointment_messages" ("appointment_id", "kind", "channel", "lead_hours", "starts_at", "status", "sent_at", "created_at")
  SELECT a."id", 'reminder', 'email', u."reminder_lead_hours", a."starts_at", 'sent', a."reminder_sent_at", a."reminder_sent_at"
  FROM "appointments" a JOIN "users" u ON u."id" = a."owner_id"
  WHERE a."reminder_sent_at" IS NOT NULL AND u."reminder_lead_hours" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "reminder_lead_hours";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "reminder_queued_at";
