ALTER TABLE "notifications" ADD COLUMN "occasion_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_occasion_key" ON "notifications" USING btree ("user_id","occasion_key");