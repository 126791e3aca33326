CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"audit_id" bigint NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retry_until" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_event_key" UNIQUE("endpoint_id","audit_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"allow_private_network" boolean DEFAULT false NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"secret_rotated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");
--> statement-breakpoint
-- The webhook outbox (decision 0033): every audit row of an event type becomes one delivery per
-- enabled endpoint subscribed to it, in the same transaction as the change it records.
CREATE FUNCTION "punchclock_webhook_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text := CASE NEW.action
    WHEN 'time_event.record' THEN 'punch.recorded'
    WHEN 'correction.approve' THEN 'correction.decided'
    WHEN 'correction.reject' THEN 'correction.decided'
    WHEN 'time_off.request' THEN 'timeoff.requested'
    WHEN 'time_off.approve' THEN 'timeoff.decided'
    WHEN 'time_off.reject' THEN 'timeoff.decided'
    WHEN 'timesheet.approve' THEN 'timesheet.approved'
    WHEN 'period.approve' THEN 'timesheet.approved'
    WHEN 'period.lock' THEN 'period.locked'
    WHEN 'user.create' THEN 'user.created'
    WHEN 'user.suspend' THEN 'user.suspended'
  END;
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, audit_id, event_type, payload)
  SELECT endpoint.id, NEW.id, event_type, jsonb_build_object(
    'type', event_type,
    'timestamp', to_char(NEW.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', coalesce(NEW.after, '{}'::jsonb) || jsonb_build_object(
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
CREATE TRIGGER "audit_log_webhook_outbox" AFTER INSERT ON "audit_log" FOR EACH ROW
  WHEN (NEW.action IN ('time_event.record', 'correction.approve', 'correction.reject',
    'time_off.request', 'time_off.approve', 'time_off.reject', 'timesheet.approve',
    'period.approve', 'period.lock', 'user.create', 'user.suspend'))
  EXECUTE FUNCTION "punchclock_webhook_outbox"();
