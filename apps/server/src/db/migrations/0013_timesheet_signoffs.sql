CREATE TYPE "public"."timesheet_signoff_status" AS ENUM('submitted', 'approved', 'returned');--> statement-breakpoint
CREATE TABLE "timesheet_signoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" timesheet_signoff_status NOT NULL,
	"submitted_totals" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" uuid,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_comment" text
);
--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_signoffs_user_period_key" ON "timesheet_signoffs" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "timesheet_signoffs_period_idx" ON "timesheet_signoffs" USING btree ("period_start","status");