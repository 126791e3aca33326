ALTER TABLE "profiles" ADD COLUMN "kiosk_pin_hash" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kiosk_pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kiosk_pin_locked_at" timestamp with time zone;