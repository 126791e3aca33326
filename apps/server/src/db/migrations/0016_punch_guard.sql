-- Recording a punch is one statement (decision 0022): the server reads the person's recent
-- punches, the state machine decides, and the write statement calls this guard first. It takes
-- the person's lock (the same profile row lock every time-tracking write takes), then — with a
-- fresh snapshot, as a volatile function's statements get — checks that the punches the decision
-- was based on are still exactly the person's punches from p_from on, and that the event id is
-- still free. 'ok' lets the write go ahead; 'stale' or 'id_taken' writes nothing and the server
-- reads again and decides again.
CREATE FUNCTION time_event_punch_guard(p_user uuid, p_event_id uuid, p_from date, p_seen uuid[])
RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  PERFORM 1 FROM profiles WHERE id = p_user FOR UPDATE;
  IF EXISTS (SELECT 1 FROM time_events WHERE id = p_event_id) THEN
    RETURN 'id_taken';
  END IF;
  IF (SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM time_events
      WHERE user_id = p_user AND date >= p_from)
     IS DISTINCT FROM
     (SELECT coalesce(array_agg(seen ORDER BY seen), '{}') FROM unnest(p_seen) AS seen) THEN
    RETURN 'stale';
  END IF;
  RETURN 'ok';
END;
$$;
