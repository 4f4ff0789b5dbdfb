DROP INDEX "appointments_public_token_key";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "public_token_hash";