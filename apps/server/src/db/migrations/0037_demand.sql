CREATE TABLE "demand_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"interval_minutes" integer DEFAULT 30 NOT NULL,
	"service_level_percent" double precision DEFAULT 80 NOT NULL,
	"answer_seconds" integer DEFAULT 20 NOT NULL,
	"shrinkage_percent" double precision DEFAULT 30 NOT NULL,
	"shift_lengths_minutes" integer[] DEFAULT '{480}'::integer[] NOT NULL,
	"start_step_minutes" integer DEFAULT 30 NOT NULL,
	"earliest_start" time DEFAULT '06:00' NOT NULL,
	"latest_end" time DEFAULT '22:00' NOT NULL,
	"lunch_minutes" integer DEFAULT 30 NOT NULL,
	"break_duration_mins" integer DEFAULT 15 NOT NULL,
	"min_week_minutes" integer DEFAULT 0 NOT NULL,
	"max_week_minutes" integer DEFAULT 2400 NOT NULL,
	"under_cover_hour_cost" double precision DEFAULT 200 NOT NULL,
	"over_cover_hour_cost" double precision DEFAULT 5 NOT NULL,
	"prefer_not_cost" double precision DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solver_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"requested_by" uuid,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"gap" double precision,
	"is_cancel_requested" boolean DEFAULT false NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staffing_requirements" (
	"team_id" uuid NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"required" double precision NOT NULL,
	"source" text NOT NULL,
	"contacts" double precision,
	"aht_seconds" double precision,
	"agents" integer,
	"is_unreachable" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staffing_requirements_team_id_position_starts_at_pk" PRIMARY KEY("team_id","position","starts_at")
);
--> statement-breakpoint
CREATE TABLE "workload_history" (
	"team_id" uuid NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"contacts" double precision NOT NULL,
	"aht_seconds" double precision NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workload_history_team_id_position_starts_at_pk" PRIMARY KEY("team_id","position","starts_at")
);
--> statement-breakpoint
ALTER TABLE "demand_settings" ADD CONSTRAINT "demand_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solver_runs" ADD CONSTRAINT "solver_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solver_runs" ADD CONSTRAINT "solver_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_requirements" ADD CONSTRAINT "staffing_requirements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_requirements" ADD CONSTRAINT "staffing_requirements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workload_history" ADD CONSTRAINT "workload_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solver_runs_status_idx" ON "solver_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "solver_runs_team_week_idx" ON "solver_runs" USING btree ("team_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "solver_runs_live_key" ON "solver_runs" USING btree ("team_id","week_start") WHERE "solver_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "staffing_requirements_date_idx" ON "staffing_requirements" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "workload_history_date_idx" ON "workload_history" USING btree ("team_id","date");