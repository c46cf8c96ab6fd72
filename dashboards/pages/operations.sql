-- name: summary
-- only: postgres
select
  (select count(*) from operations_runs where started_at > now() - interval '1 day') as runs_24h,
  (select count(*) from operations_runs where started_at > now() - interval '1 day' and status in ('failed', 'partial')) as failed_24h,
  (select coalesce(sum(items), 0) from operations_backlog where status = 'dead') as dead_letters,
  (select coalesce(sum(items), 0) from operations_backlog where status = 'pending') as pending,
  (select round(extract(epoch from now() - max(finished_at)) / 60) from operations_runs
    where job in ('sync', 'nightly') and status = 'succeeded') as minutes_since_sync,
  (select round(extract(epoch from now() - max(stored_at))) from live_games
    where coded_game_state in ('I', 'P')) as live_lag_seconds

-- name: runs
-- only: postgres
select run_id, job, status, started_at, duration_seconds, loaded, failed, requests, error
from operations_runs order by run_id desc limit 20

-- name: backlog
-- only: postgres
select kind, status, reason, items, next_attempt_at from operations_backlog
order by case status when 'dead' then 0 when 'pending' then 1 else 2 end, kind, reason

-- name: new_fields
-- only: postgres
select body_kind, path, first_seen_at, seen from operations_new_fields
where last_seen_at > now() - interval '30 days' order by first_seen_at desc limit 50
