ALTER TYPE "public"."time_event_source" ADD VALUE 'kiosk';--> statement-breakpoint
ALTER TABLE "time_events" ADD COLUMN "kiosk_device_id" uuid;--> statement-breakpoint
ALTER TABLE "time_events" ADD CONSTRAINT "time_events_kiosk_device_id_kiosk_devices_id_fk" FOREIGN KEY ("kiosk_device_id") REFERENCES "public"."kiosk_devices"("id") ON DELETE set null ON UPDATE no action;