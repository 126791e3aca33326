CREATE TABLE "allotment_days" (
	"team_id" uuid NOT NULL,
	"date" date NOT NULL,
	"max_off" integer NOT NULL,
	CONSTRAINT "allotment_days_team_id_date_pk" PRIMARY KEY("team_id","date")
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"start_time" time,
	"end_time" time,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"kind" text NOT NULL,
	"start_time" time,
	"end_time" time
);
--> statement-breakpoint
CREATE TABLE "published_shifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"lunch_start" time,
	"lunch_end" time,
	"break_duration_mins" integer DEFAULT 15 NOT NULL,
	"position" text,
	"note" text,
	"version" integer NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"shift_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"taker_id" uuid,
	"note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"lunch_start" time,
	"lunch_end" time,
	"break_duration_mins" integer DEFAULT 15 NOT NULL,
	"position" text,
	"note" text,
	"override_reason" text,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_roster_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"auto_approve_claims" boolean DEFAULT false NOT NULL,
	"max_off_per_day" integer
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "positions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "allotment_days" ADD CONSTRAINT "allotment_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_trades" ADD CONSTRAINT "shift_trades_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_trades" ADD CONSTRAINT "shift_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_trades" ADD CONSTRAINT "shift_trades_taker_id_users_id_fk" FOREIGN KEY ("taker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_trades" ADD CONSTRAINT "shift_trades_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_roster_settings" ADD CONSTRAINT "team_roster_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_user_idx" ON "availability_exceptions" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "availability_rules_user_idx" ON "availability_rules" USING btree ("user_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "published_shifts_user_date_key" ON "published_shifts" USING btree ("user_id","date") WHERE "published_shifts"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "published_shifts_date_idx" ON "published_shifts" USING btree ("date","team_id");--> statement-breakpoint
CREATE INDEX "shift_trades_status_idx" ON "shift_trades" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "shift_trades_shift_idx" ON "shift_trades" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_trades_live_shift_key" ON "shift_trades" USING btree ("shift_id") WHERE "shift_trades"."status" in ('offered', 'pending');--> statement-breakpoint
CREATE INDEX "shifts_date_idx" ON "shifts" USING btree ("date","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_user_date_key" ON "shifts" USING btree ("user_id","date") WHERE "shifts"."user_id" is not null and "shifts"."deleted_at" is null;
--> statement-breakpoint
-- hand-written
-- Roster webhooks (#30, decision 0047): roster.published when a planner publishes a week (the
-- payload lists what changed for whom), shift.traded when a manager approves a claim, swap or
-- drop (or a team approves claims by itself). Same outbox as decision 0033.
CREATE OR REPLACE FUNCTION "punchclock_webhook_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text := CASE NEW.action
    WHEN 'time_event.record' THEN 'punch.recorded'
    WHEN 'correction.approve' THEN 'correction.decided'
    WHEN 'correction.reject' THEN 'correction.decided'
    WHEN 'time_off.request' THEN 'timeoff.requested'
    WHEN 'time_off.approve' THEN 'timeoff.decided'
    WHEN 'time_off.reject' THEN 'timeoff.decided'
    WHEN 'time_off.cancel' THEN 'timeoff.cancelled'
    WHEN 'timesheet.approve' THEN 'timesheet.approved'
    WHEN 'period.approve' THEN 'timesheet.approved'
    WHEN 'period.lock' THEN 'period.locked'
    WHEN 'user.create' THEN 'user.created'
    WHEN 'user.update' THEN 'user.updated'
    WHEN 'user.set_role' THEN 'user.updated'
    WHEN 'user.update_own_profile' THEN 'user.updated'
    WHEN 'user.suspend' THEN 'user.suspended'
    WHEN 'user.unsuspend' THEN 'user.reinstated'
    WHEN 'roster.publish' THEN 'roster.published'
    WHEN 'shift_trade.approve' THEN 'shift.traded'
  END;
  extra jsonb := '{}'::jsonb;
  changed text[];
BEGIN
  IF event_type = 'user.updated' THEN
    -- Only a change of name, email or role is news to a receiver (not a team or a hire date).
    changed := ARRAY(
      SELECT field FROM unnest(ARRAY['name', 'email', 'role']) AS field
      WHERE coalesce(NEW.after, '{}'::jsonb) ? field
        AND (NEW.before -> field) IS DISTINCT FROM (NEW.after -> field));
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    extra := jsonb_build_object('changed', to_jsonb(changed));
  END IF;
  INSERT INTO webhook_deliveries (endpoint_id, audit_id, event_type, payload)
  SELECT endpoint.id, NEW.id, event_type, jsonb_build_object(
    'type', event_type,
    'timestamp', to_char(NEW.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', coalesce(NEW.after, '{}'::jsonb) || extra || jsonb_build_object(
      'id', NEW.entity_id,
      'object', NEW.entity_type,
      'action', NEW.action,
      'actorId', NEW.actor_id,
      'apiTokenId', NEW.api_token_id
    )
  )
  FROM webhook_endpoints AS endpoint
  WHERE endpoint.enabled AND event_type = ANY (endpoint.event_types);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "audit_log_webhook_outbox" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_webhook_outbox" AFTER INSERT ON "audit_log" FOR EACH ROW
  WHEN (NEW.action IN ('time_event.record', 'correction.approve', 'correction.reject',
    'time_off.request', 'time_off.approve', 'time_off.reject', 'time_off.cancel',
    'timesheet.approve', 'period.approve', 'period.lock', 'user.create', 'user.update',
    'user.set_role', 'user.update_own_profile', 'user.suspend', 'user.unsuspend',
    'roster.publish', 'shift_trade.approve'))
  EXECUTE FUNCTION "punchclock_webhook_outbox"();
