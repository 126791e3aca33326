CREATE TABLE "pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"hourly_cents" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_export_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"code_renames" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_holiday_edits" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "day_metrics" ADD COLUMN "leave_pay_code" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "employee_number" text;--> statement-breakpoint
ALTER TABLE "time_off_types" ADD COLUMN "pay_code" text;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_holiday_edits" ADD CONSTRAINT "public_holiday_edits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_rates_user_from_key" ON "pay_rates" USING btree ("user_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_export_presets_name_lower_key" ON "payroll_export_presets" USING btree (lower("name"));--> statement-breakpoint
UPDATE "time_off_types" SET "pay_code" = 'VAC' WHERE lower("name") = 'vacation';--> statement-breakpoint
UPDATE "time_off_types" SET "pay_code" = 'SICK' WHERE lower("name") = 'sick';--> statement-breakpoint
UPDATE "time_off_types" SET "pay_code" = 'UNPAID' WHERE "is_paid" = false;
--> statement-breakpoint
INSERT INTO "time_off_types" ("name", "is_paid", "is_unlimited", "pay_code") VALUES ('Time off in lieu', true, true, 'TOIL-TAKEN') ON CONFLICT DO NOTHING;
