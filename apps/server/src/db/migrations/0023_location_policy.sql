CREATE TABLE "location_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius_metres" integer,
	"cidr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punch_locations" (
	"time_event_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_metres" double precision,
	"ip" text,
	"outcome" text NOT NULL,
	"place_name" text,
	"distance_metres" integer,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "location_mode" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "location_places" ADD CONSTRAINT "location_places_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_locations" ADD CONSTRAINT "punch_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_places_team_idx" ON "location_places" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "punch_locations_created_idx" ON "punch_locations" USING btree ("created_at");