CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"search_name" text NOT NULL,
	"gender" text,
	"birthdate" date,
	"cc" text DEFAULT '+55' NOT NULL,
	"phone" text,
	"email" text,
	"country" text DEFAULT 'BR' NOT NULL,
	"avatar_external_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "patient_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_owner_name_idx" ON "patients" USING btree ("owner_id","search_name" collate "C","id");--> statement-breakpoint
CREATE INDEX "patients_owner_search_trgm_idx" ON "patients" USING gin ("owner_id","search_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_patient_idx" ON "files" USING btree ("patient_id");--> statement-breakpoint
CREATE FUNCTION "count_patients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "patient_count" = "patient_count" + 1 WHERE "id" = NEW."owner_id";
  ELSE
    UPDATE "users" SET "patient_count" = "patient_count" - 1 WHERE "id" = OLD."owner_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patients_count" AFTER INSERT OR DELETE ON "patients" FOR EACH ROW EXECUTE FUNCTION "count_patients"();
