ALTER TABLE "kiosk_devices" ADD COLUMN "sealing_public_key" text;--> statement-breakpoint
ALTER TABLE "kiosk_devices" ADD COLUMN "sealing_private_key" text;