CREATE TABLE "video_presence" (
	"appointment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"client_id" text NOT NULL,
	"page_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_presence_appointment_id_role_pk" PRIMARY KEY("appointment_id","role")
);
--> statement-breakpoint
CREATE TABLE "video_rooms" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"patient_token" text NOT NULL,
	"both_joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_presence" ADD CONSTRAINT "video_presence_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_rooms" ADD CONSTRAINT "video_rooms_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_presence_instance_idx" ON "video_presence" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_rooms_patient_token_key" ON "video_rooms" USING btree ("patient_token");