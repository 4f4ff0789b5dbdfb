DROP INDEX "appointments_public_token_key";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "note_template_id" uuid;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_note_template_id_note_templates_id_fk" FOREIGN KEY ("note_template_id") REFERENCES "public"."note_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "public_token_hash";