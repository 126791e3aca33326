CREATE TABLE "overtime_rule_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_set_id" uuid NOT NULL,
	"team_id" uuid,
	"user_id" uuid,
	"target_key" text NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overtime_rule_assignments_one_target" CHECK ("overtime_rule_assignments"."team_id" is null or "overtime_rule_assignments"."user_id" is null)
);
--> statement-breakpoint
CREATE TABLE "overtime_rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"weekly_threshold_minutes" integer NOT NULL,
	"weekly_multiplier" double precision DEFAULT 1.5 NOT NULL,
	"daily_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"averaging" jsonb,
	"bank_toil" boolean DEFAULT false NOT NULL,
	"toil_expiry_months" integer DEFAULT 3 NOT NULL,
	"rounding" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "overtime_rule_assignments" ADD CONSTRAINT "overtime_rule_assignments_rule_set_id_overtime_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."overtime_rule_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_rule_assignments" ADD CONSTRAINT "overtime_rule_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_rule_assignments" ADD CONSTRAINT "overtime_rule_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_rule_assignments" ADD CONSTRAINT "overtime_rule_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "overtime_rule_assignments_target_date_key" ON "overtime_rule_assignments" USING btree ("target_key","effective_from");--> statement-breakpoint
CREATE INDEX "overtime_rule_assignments_rule_set_idx" ON "overtime_rule_assignments" USING btree ("rule_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "overtime_rule_sets_name_lower_key" ON "overtime_rule_sets" USING btree (lower("name"));--> statement-breakpoint
-- Hand-added (keep when renumbering): the organisation default out of the box, Ontario's ESA —
-- 1.5x after 44 h in a work week, no daily threshold, paid (not banked), punches not rounded.
INSERT INTO "overtime_rule_sets" ("id", "name", "weekly_threshold_minutes", "weekly_multiplier") VALUES
  ('00000000-0000-4000-8000-000000000044', 'Ontario (ESA)', 2640, 1.5);--> statement-breakpoint
INSERT INTO "overtime_rule_assignments" ("rule_set_id", "target_key", "effective_from") VALUES
  ('00000000-0000-4000-8000-000000000044', 'organisation', '2000-01-01');
