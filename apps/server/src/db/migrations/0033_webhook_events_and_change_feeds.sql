CREATE INDEX "time_corrections_decided_at_idx" ON "time_corrections" USING btree ("decided_at","id");--> statement-breakpoint
CREATE INDEX "time_events_created_at_idx" ON "time_events" USING btree ("created_at","id");--> statement-breakpoint
-- hand-written
-- New webhook events (#28 item 11, decision 0041): user.updated when a person's name, email or
-- role changes (payload names what changed in `changed`), user.reinstated, and
-- timeoff.cancelled. Same outbox as decision 0033: the audit row's trigger writes the delivery
-- in the change's own transaction.
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
    'user.set_role', 'user.update_own_profile', 'user.suspend', 'user.unsuspend'))
  EXECUTE FUNCTION "punchclock_webhook_outbox"();
