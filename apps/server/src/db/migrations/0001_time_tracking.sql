CREATE TYPE "public"."approval_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."time_correction_kind" AS ENUM('add', 'move', 'remove');--> statement-breakpoint
CREATE TYPE "public"."time_event_source" AS ENUM('web', 'offline_sync', 'admin_correction');--> statement-breakpoint
CREATE TABLE "time_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" time_correction_kind NOT NULL,
	"target_event_id" uuid,
	"event_type" time_event_type,
	"occurred_at" timestamp with time zone,
	"reason" text NOT NULL,
	"status" "approval_status" DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text
);
--> statement-breakpoint
ALTER TABLE "time_events" ADD COLUMN "source" time_event_source DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_target_event_id_time_events_id_fk" FOREIGN KEY ("target_event_id") REFERENCES "public"."time_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_corrections" ADD CONSTRAINT "time_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_corrections_user_date_idx" ON "time_corrections" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "time_corrections_status_idx" ON "time_corrections" USING btree ("status","requested_at");