ALTER TABLE "profiles" ADD COLUMN "min_week_minutes" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "max_week_minutes" integer;