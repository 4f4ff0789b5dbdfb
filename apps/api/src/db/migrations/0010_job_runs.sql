CREATE TABLE "job_runs" (
	"key" text PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
