ALTER TABLE "payment_allocations" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
-- The fee of the day a payment was registered was not kept before: the session's fee now is the best there is.
UPDATE "payment_allocations" AS "allocation" SET "fee_cents" = "appointment"."fee_cents" FROM "appointments" AS "appointment" WHERE "appointment"."id" = "allocation"."appointment_id";
