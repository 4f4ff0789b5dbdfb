CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"purpose" text NOT NULL,
	"recipient" text NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_file_key" text,
	"issued_sha256" text,
	"signed_at" timestamp with time zone,
	"signer_name" text,
	"signed_via" text,
	"signed_file_key" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "note_template_preferences" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"default_template_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"owner_id" uuid,
	"name" text NOT NULL,
	"headings" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "session_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_issued_file_key_files_key_fk" FOREIGN KEY ("issued_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_signed_file_key_files_key_fk" FOREIGN KEY ("signed_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_template_preferences" ADD CONSTRAINT "note_template_preferences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_template_preferences" ADD CONSTRAINT "note_template_preferences_default_template_id_note_templates_id_fk" FOREIGN KEY ("default_template_id") REFERENCES "public"."note_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_templates" ADD CONSTRAINT "note_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_patient_created_idx" ON "documents" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "note_templates_key_key" ON "note_templates" USING btree ("key");--> statement-breakpoint
CREATE INDEX "note_templates_owner_idx" ON "note_templates" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "records_appointment_key" ON "records" USING btree ("appointment_id") WHERE "records"."appointment_id" is not null;