-- Per-kind counts of a run: the ledger's loaded/unchanged/failed mix games, people, reference lists
-- and snapshots, so a run's games are counted apart. Earlier runs' game and people counts come from
-- their details.
UPDATE ingest.runs SET
  games_loaded = coalesce((details #>> '{games,loaded}')::int, 0),
  games_unchanged = coalesce((details #>> '{games,unchanged}')::int, 0),
  people_loaded = coalesce((details #>> '{people,loaded}')::int, 0)
WHERE details -> 'games' IS NOT NULL OR details -> 'people' IS NOT NULL;
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.loaded IS 'Items whose rows were written, games, people and changed snapshot requests together; the per-kind columns say which.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.unchanged IS 'Items of every kind fetched whose bodies were already stored (nothing written).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.failed IS 'Items of every kind that failed (retried later or parked dead), and failed reference lists or snapshot requests.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.games_loaded IS 'Games stored by the run (new or changed bodies). Kept as the run goes, so an interrupted run says what it finished.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.games_unchanged IS 'Games fetched whose bodies were already stored: nothing written.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.games_failed IS 'Games whose load failed (retried later, or parked as dead letters).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.people_loaded IS 'People (players, coaches, umpires) stored by the run.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.lists_loaded IS 'Reference lists (teams, venues, code lists) stored by the run.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.snapshots_loaded IS 'Snapshot requests (rosters, official statistics, staff, awards) whose rows were written.';
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.operations_runs AS
SELECT run_id, job, status, started_at, finished_at,
       extract(epoch from coalesce(finished_at, heartbeat_at) - started_at)::numeric(12, 1) AS duration_seconds,
       requested, fetched, unchanged, loaded, failed, rejected, requests, error, host,
       games_loaded, games_unchanged, games_failed, people_loaded, lists_loaded, snapshots_loaded
FROM ingest.runs;
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.loaded IS 'Items of every kind whose rows were written; games_loaded and people_loaded say which.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.games_loaded IS 'Games stored by the run.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.games_unchanged IS 'Games fetched whose bodies were already stored.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.games_failed IS 'Games whose load failed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.people_loaded IS 'People stored by the run.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.lists_loaded IS 'Reference lists stored by the run.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.snapshots_loaded IS 'Snapshot requests whose rows were written.';
