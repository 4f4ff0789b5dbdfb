CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"spent_on" date NOT NULL,
	"code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"receipt_file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receita_saude_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receita_saude_issued_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receita_saude_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "taxpayer_type" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "occupation_code" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_key_files_key_fk" FOREIGN KEY ("receipt_file_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_owner_spent_on_idx" ON "expenses" USING btree ("owner_id","spent_on");--> statement-breakpoint
CREATE INDEX "payments_owner_receita_saude_idx" ON "payments" USING btree ("owner_id","receita_saude_status","paid_on");