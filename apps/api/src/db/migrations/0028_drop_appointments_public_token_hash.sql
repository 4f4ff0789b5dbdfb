DROP INDEX "appointments_public_token_key";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "public_token_hash";