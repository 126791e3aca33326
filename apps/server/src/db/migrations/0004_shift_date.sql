ALTER TABLE "time_events" ADD COLUMN "shift_date" date;--> statement-breakpoint
UPDATE "time_events" SET "shift_date" = "date";--> statement-breakpoint
ALTER TABLE "time_events" ALTER COLUMN "shift_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "time_events_user_shift_date_idx" ON "time_events" USING btree ("user_id","shift_date");
