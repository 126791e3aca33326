CREATE TYPE "public"."day_status" AS ENUM('complete', 'in_progress', 'absent', 'excused', 'no_schedule', 'unscheduled');--> statement-breakpoint
CREATE TABLE "day_metrics" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" "day_status" NOT NULL,
	"template_name" text,
	"scheduled_minutes" integer NOT NULL,
	"worked_minutes" integer NOT NULL,
	"break_minutes" integer NOT NULL,
	"lunch_minutes" integer NOT NULL,
	"adherent_minutes" integer NOT NULL,
	"late_minutes" integer NOT NULL,
	"early_leave_minutes" integer NOT NULL,
	"overbreak_minutes" integer NOT NULL,
	"unscheduled_minutes" integer NOT NULL,
	"missed_clock_out" boolean NOT NULL,
	"first_clock_in_hour" integer,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_metrics_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "day_metrics_queue" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_metrics_queue_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "recompute_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"user_ids" uuid[],
	"total_days" integer NOT NULL,
	"done_days" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "day_metrics" ADD CONSTRAINT "day_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_metrics_queue" ADD CONSTRAINT "day_metrics_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recompute_runs" ADD CONSTRAINT "recompute_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_metrics_date_idx" ON "day_metrics" USING btree ("date");