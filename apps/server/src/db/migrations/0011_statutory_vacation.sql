ALTER TABLE "profiles" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "time_off_types" ADD COLUMN "is_statutory_vacation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "time_off_types" SET "is_statutory_vacation" = true WHERE lower("name") = 'vacation';
