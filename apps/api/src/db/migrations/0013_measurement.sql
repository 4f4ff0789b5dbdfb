CREATE TABLE "measurement_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"qa_template_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"interval_weeks" integer,
	"next_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"occurrence_key" text NOT NULL,
	"appointment_id" uuid,
	"form_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"field_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "public_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "measurement_plans" ADD CONSTRAINT "measurement_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_plans" ADD CONSTRAINT "measurement_plans_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_plans" ADD CONSTRAINT "measurement_plans_qa_template_id_qa_templates_id_fk" FOREIGN KEY ("qa_template_id") REFERENCES "public"."qa_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_runs" ADD CONSTRAINT "measurement_runs_plan_id_measurement_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."measurement_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_runs" ADD CONSTRAINT "measurement_runs_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_runs" ADD CONSTRAINT "measurement_runs_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_plans_patient_idx" ON "measurement_plans" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_plans_patient_template_trigger_key" ON "measurement_plans" USING btree ("patient_id","qa_template_id","trigger");--> statement-breakpoint
CREATE INDEX "measurement_plans_due_idx" ON "measurement_plans" USING btree ("next_due_at") WHERE "measurement_plans"."next_due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_runs_occurrence_key" ON "measurement_runs" USING btree ("plan_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "safety_alerts_owner_created_idx" ON "safety_alerts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_alerts_open_key" ON "safety_alerts" USING btree ("form_id","field_number") WHERE "safety_alerts"."acknowledged_at" is null;