-- The operations row of the dashboards reads these views: BI logins (dugout_reader) read the
-- analytics schema, not ingest, so the views expose what monitoring needs and nothing else.
CREATE VIEW analytics.operations_runs AS
SELECT run_id, job, status, started_at, finished_at,
       extract(epoch from coalesce(finished_at, heartbeat_at) - started_at)::numeric(12, 1) AS duration_seconds,
       requested, fetched, unchanged, loaded, failed, rejected, requests, error, host
FROM ingest.runs;
--> statement-breakpoint
COMMENT ON VIEW analytics.operations_runs IS 'Grain: one row per job run (the ingest.runs ledger): status, duration, counts, the error of a failed run.';
--> statement-breakpoint
CREATE VIEW analytics.operations_backlog AS
SELECT kind, status, reason, count(*)::int AS items, min(next_attempt_at) AS next_attempt_at
FROM ingest.work_items
WHERE status <> 'done'
GROUP BY kind, status, reason;
--> statement-breakpoint
COMMENT ON VIEW analytics.operations_backlog IS 'Grain: one row per kind, status and reason of work not done (pending, deferred, dead) in the worklist.';
--> statement-breakpoint
CREATE VIEW analytics.operations_workers AS
SELECT host, pid, command, started_at, heartbeat_at, stopped_at, lost, current_job, current_run_id
FROM ingest.workers
WHERE stopped_at IS NULL OR stopped_at > now() - interval '1 day';
--> statement-breakpoint
COMMENT ON VIEW analytics.operations_workers IS 'Grain: one row per dugout process alive or stopped in the last day (ingest.workers): heartbeat, job in hand, lost when its heartbeat stopped.';
