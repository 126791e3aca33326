CREATE TYPE "public"."labour_agreement_kind" AS ENUM('excess_weekly_hours');--> statement-breakpoint
CREATE TABLE "labour_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "labour_agreement_kind" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "labour_agreements_end_after_start" CHECK ("labour_agreements"."end_date" is null or "labour_agreements"."end_date" >= "labour_agreements"."start_date")
);
--> statement-breakpoint
ALTER TABLE "labour_agreements" ADD CONSTRAINT "labour_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_agreements" ADD CONSTRAINT "labour_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_agreements" ADD CONSTRAINT "labour_agreements_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labour_agreements_user_kind_idx" ON "labour_agreements" USING btree ("user_id","kind","start_date");