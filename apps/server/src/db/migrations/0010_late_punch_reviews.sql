CREATE TABLE "late_punch_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"time_event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"minutes_late" integer NOT NULL,
	"status" "approval_status" DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"removal_correction_id" uuid,
	CONSTRAINT "late_punch_reviews_time_event_id_unique" UNIQUE("time_event_id")
);
--> statement-breakpoint
ALTER TABLE "late_punch_reviews" ADD CONSTRAINT "late_punch_reviews_time_event_id_time_events_id_fk" FOREIGN KEY ("time_event_id") REFERENCES "public"."time_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_punch_reviews" ADD CONSTRAINT "late_punch_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_punch_reviews" ADD CONSTRAINT "late_punch_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_punch_reviews" ADD CONSTRAINT "late_punch_reviews_removal_correction_id_time_corrections_id_fk" FOREIGN KEY ("removal_correction_id") REFERENCES "public"."time_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_punch_reviews_status_idx" ON "late_punch_reviews" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "late_punch_reviews_user_date_idx" ON "late_punch_reviews" USING btree ("user_id","date");