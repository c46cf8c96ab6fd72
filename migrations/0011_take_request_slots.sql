-- One request budget for every dugout process sharing this database: a process asks for request
-- start times in small batches; grants are serialized by the lock on the budget row and spaced so
-- that no window of p_window_ms holds more than p_limit starts, whoever asked, retries included,
-- and none is before a pause (429/503) any process recorded. Times are the server's clock.
INSERT INTO ingest.request_budget (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION ingest.take_request_slots(p_count integer, p_limit integer, p_window_ms integer)
RETURNS TABLE (slot_at timestamptz, server_now timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_paused timestamptz;
  v_now timestamptz;
  v_recent timestamptz[];
  v_next timestamptz;
  v_len integer;
  v_window interval := make_interval(secs => p_window_ms / 1000.0);
BEGIN
  INSERT INTO ingest.request_budget (id) VALUES (1) ON CONFLICT DO NOTHING;
  SELECT b.paused_until INTO v_paused FROM ingest.request_budget b WHERE b.id = 1 FOR UPDATE;
  v_now := clock_timestamp();
  SELECT coalesce(array_agg(s.slot_at ORDER BY s.slot_at), '{}') INTO v_recent
  FROM (SELECT r.slot_at FROM ingest.request_slots r ORDER BY r.slot_at DESC LIMIT p_limit) s;
  FOR i IN 1..p_count LOOP
    v_next := greatest(v_now, coalesce(v_paused, v_now));
    v_len := coalesce(array_length(v_recent, 1), 0);
    IF v_len >= p_limit THEN
      v_next := greatest(v_next, v_recent[v_len - p_limit + 1] + v_window);
    END IF;
    v_recent := v_recent || v_next;
    INSERT INTO ingest.request_slots (slot_at) VALUES (v_next);
    slot_at := v_next;
    server_now := v_now;
    RETURN NEXT;
  END LOOP;
  DELETE FROM ingest.request_slots r WHERE r.slot_at < v_now - interval '1 minute';
END
$$;
--> statement-breakpoint
-- A 429/503 seen by any process: no slot is granted before now + p_ms (an earlier pause is never shortened).
CREATE FUNCTION ingest.pause_requests(p_ms integer) RETURNS timestamptz
LANGUAGE sql AS $$
  INSERT INTO ingest.request_budget (id, paused_until) VALUES (1, clock_timestamp() + make_interval(secs => p_ms / 1000.0))
  ON CONFLICT (id) DO UPDATE SET paused_until = greatest(coalesce(ingest.request_budget.paused_until, excluded.paused_until), excluded.paused_until)
  RETURNING paused_until;
$$;
--> statement-breakpoint
COMMENT ON TABLE ingest.request_budget IS 'The request budget shared by every dugout process of this database: paused_until is set by a 429/503 any of them saw.';
--> statement-breakpoint
COMMENT ON TABLE ingest.request_slots IS 'Request start times granted by ingest.take_request_slots (server clock), kept a minute: the shared sliding window.';
