ALTER TYPE "public"."labour_agreement_kind" ADD VALUE 'averaging';--> statement-breakpoint
ALTER TABLE "overtime_rule_sets" ADD COLUMN "weekly_rest" text DEFAULT 'weekly_24' NOT NULL;--> statement-breakpoint
ALTER TABLE "overtime_rule_sets" ADD CONSTRAINT "overtime_rule_sets_weekly_rest" CHECK ("overtime_rule_sets"."weekly_rest" in ('weekly_24', 'biweekly_48'));