ALTER TABLE "recording_chunks" ADD COLUMN "starts_stream" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A recording's first chunk always begins its first stream (later ones are not known without reading their audio).
UPDATE "recording_chunks" SET "starts_stream" = true WHERE "n" = 0;
