CREATE TABLE "kiosk_pin_failures" (
	"device_id" uuid NOT NULL,
	"employee_number" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"wait_until" timestamp with time zone,
	CONSTRAINT "kiosk_pin_failures_device_id_employee_number_pk" PRIMARY KEY("device_id","employee_number")
);
--> statement-breakpoint
ALTER TABLE "kiosk_pin_failures" ADD CONSTRAINT "kiosk_pin_failures_device_id_kiosk_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kiosk_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_pin_failures_last_idx" ON "kiosk_pin_failures" USING btree ("last_failed_at");--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "kiosk_pin_failures";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "kiosk_pin_locked_at";