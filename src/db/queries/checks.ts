import type { SQL } from 'drizzle-orm';
import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';
import { REFERENCE_LISTS } from '../schema/index.js';
import { listNewFields, summarizeNewFields } from './new-fields.js';
import { readerRoleNotices } from '../reader-drift.js';

export interface CheckResult {
  name: string;
  description: string;
  violations: number;
  examples: Array<Record<string, unknown>>;
  passed: boolean;
  /** What the check left out and why (a season not wholly stored), one line each; never a failure. */
  notices: string[];
}

interface CheckDef {
  name: string;
  description: string;
  /** Returns one row per violation, with a `game_pk` (or key) and what disagrees. */
  query: SQL;
  /** What the check skipped, one line each. */
  notices?: (db: Executor) => Promise<string[]>;
}

/** Final games whose two bodies are stored (what the row checks reconcile). */
const LOADED_FINALS = sql`select g.game_pk from mlb.games g
  join raw.boxscores b on b.game_pk = g.game_pk join raw.play_by_play p on p.game_pk = g.game_pk
  where g.coded_game_state = 'F'`;

/**
 * Per season and sport with official regular-season stats: the regular-season games the warehouse
 * holds final with their bodies, and how many final games the season's schedule lists
 * (mlb.season_games, from the same `dugout snapshot stats`; null before one stored it).
 */
const SEASON_COVERAGE = sql`select o.season, o.sport_id,
    (select count(*) from mlb.games g where g.season = o.season and g.sport_id = o.sport_id and g.game_type = 'R'
       and g.coded_game_state in ('F', 'Q', 'R') and exists (select 1 from raw.boxscores b where b.game_pk = g.game_pk))::int as stored,
    (select s.final_games from mlb.season_games s where s.season = o.season and s.sport_id = o.sport_id and s.game_type = 'R') as scheduled
  from mlb.official_stats o where o.game_type = 'R' group by o.season, o.sport_id`;

/**
 * Seasons (and sports) whose official regular-season stats can be compared with ours: the warehouse
 * holds every final regular-season game the season's schedule lists (a week backfilled, or a daemon
 * started in July, holds part of it, and a part never equals the league's whole), every stored
 * regular-season game of it is over (final, postponed or cancelled), and the stats body in force was
 * first received on a UTC day after the last final game's (the daemon's 10:20 UTC snapshot follows
 * every game of the day before). Other seasons are skipped with a notice, not failed.
 */
const RECONCILABLE_SEASONS = sql`select o.season, o.sport_id from mlb.official_stats o
  join (${SEASON_COVERAGE}) c on c.season = o.season and c.sport_id = o.sport_id
  where o.game_type = 'R' and c.scheduled is not null and c.stored >= c.scheduled
  group by o.season, o.sport_id
  having not exists (select 1 from mlb.games g where g.season = o.season and g.sport_id = o.sport_id and g.game_type = 'R'
                     and g.coded_game_state not in ('F', 'D', 'C'))
     and max(o.as_of_date) > (select max(g.official_date) from mlb.games g
                               where g.season = o.season and g.sport_id = o.sport_id and g.game_type = 'R' and g.coded_game_state = 'F')`;

/** One line per season the official comparison skips because the warehouse holds only part of it. */
async function partialSeasonNotices(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ season: number; sportId: number; stored: number; scheduled: number | null }>(
    db,
    sql`select season, sport_id as "sportId", stored, scheduled from (${SEASON_COVERAGE}) c
        where scheduled is null or stored < scheduled order by season, sport_id`,
  );
  return rows.map((r) => {
    const season = `season ${r.season}${Number(r.sportId) === 1 ? '' : ` (sport ${r.sportId})`}`;
    const n = (v: number) => Number(v).toLocaleString('en-US');
    return r.scheduled === null
      ? `${season}: the schedule's game count is not stored (run "dugout snapshot stats"); official comparison skipped`
      : `${season}: ${n(r.stored)} of ${n(r.scheduled)} regular-season games stored; official comparison skipped`;
  });
}

/** The sport of a club in a season (as it was then, else as it is now). */
const teamSport = (alias: string) =>
  sql.raw(`coalesce((select ts.sport_id from mlb.team_seasons ts where ts.team_id = ${alias}.team_id and ts.season = ${alias}.season),
    (select t.sport_id from mlb.teams t where t.team_id = ${alias}.team_id))`);

/**
 * One row per player whose season totals differ from the league's, naming each field that does.
 * Totals are per player, season and sport over all his clubs: the API gives a player who changed
 * clubs one split with his last club. `fields` are (official column, our column, label).
 */
function officialStatsDiffer(
  group: 'hitting' | 'pitching' | 'fielding',
  view: string,
  fields: ReadonlyArray<readonly [string, string, string]>,
): SQL {
  const list = (f: (official: string, ours: string, label: string) => string, sep = ', ') =>
    fields.map(([o, u, l]) => f(o, u, l)).join(sep);
  const perTeam = list((_o, u, l) => `s.${u} as ${l}`);
  const ours = list((_o, _u, l) => `sum(t.${l})::int as ${l}`);
  const official = list((o, _u, l) => `sum(o.${o})::int as ${l}`);
  const differs = list((_o, _u, l) => `coalesce(a.${l}, 0) <> coalesce(b.${l}, 0)`, ' or ');
  const named = list(
    (_o, _u, l) => `case when coalesce(a.${l}, 0) <> coalesce(b.${l}, 0)
      then format('%s %s (official %s)', '${l}', coalesce(a.${l}, 0), coalesce(b.${l}, 0)) end`,
  );
  return sql`select ${group}::text as stat_group, e.season, e.sport_id, x.person_id, x.full_name, x.teams, x.differs
    from (${RECONCILABLE_SEASONS}) e
    cross join lateral (
      select coalesce(a.person_id, b.person_id) as person_id, coalesce(a.full_name, b.full_name) as full_name,
             coalesce(a.teams, b.teams) as teams, concat_ws(', ', ${sql.raw(named)}) as differs
      from (select t.person_id, max(t.full_name) as full_name, string_agg(t.team, '/' order by t.team_id) as teams, ${sql.raw(ours)}
            from (select s.person_id, s.full_name, s.team_id, coalesce(s.team_abbreviation, s.team_id::text) as team,
                         ${teamSport('s')} as sport_id, ${sql.raw(perTeam)}
                  from ${sql.raw(view)} s where s.game_type = 'R' and s.season = e.season) t
            where t.sport_id = e.sport_id group by t.person_id) a
      full join (select o.person_id, max(o.full_name) as full_name, string_agg(o.team_id::text, '/' order by o.team_id) as teams,
                        ${sql.raw(official)}
                 from mlb.official_stats o
                 where o.season = e.season and o.sport_id = e.sport_id and o.game_type = 'R' and o.stat_group = ${group}
                 group by o.person_id) b on b.person_id = a.person_id
      where ${sql.raw(differs)}
    ) x`;
}

/** Our fielding per player, club, season and game type, shaped like analytics.season_batting for the comparison. */
const SEASON_FIELDING = `(select f.person_id, max(p.full_name) as full_name, f.team_id, max(ts.abbreviation) as team_abbreviation,
        g.season, g.game_type, sum(f.putouts)::int as po, sum(f.assists)::int as a, sum(f.errors)::int as e
  from mlb.fielding_lines f
  join mlb.games g on g.game_pk = f.game_pk
  left join mlb.people p on p.person_id = f.person_id
  left join mlb.team_seasons ts on ts.team_id = f.team_id and ts.season = g.season
  group by f.person_id, f.team_id, g.season, g.game_type)`;

/** One note per new field the loads recorded: the API grew it since dugout's known paths were made. */
async function newFieldNotices(db: Executor): Promise<string[]> {
  const { counts, shown, hidden } = summarizeNewFields(await listNewFields(db));
  const notes = shown.map(
    (f) =>
      `new field in ${f.bodyKind} bodies: ${f.path} (first in ${f.firstKey} at ${f.firstSeenAt}, seen ${f.seen} time${f.seen === 1 ? '' : 's'})`,
  );
  for (const c of counts)
    if (c.overflow > 0)
      notes.push(
        `${c.overflow} more new path${c.overflow === 1 ? '' : 's'} in ${c.kind} bodies were counted, not recorded (over the limit per body or per day)`,
      );
  if (hidden > 0) notes.push(`${hidden} more new fields recorded: dugout status --json lists every one`);
  return notes;
}

/**
 * Per season with batting or pitching lines: how many players of it have no Retrosheet, Baseball-
 * Reference or FanGraphs key in the Chadwick register (mlb.person_ids), so a user sees the register's
 * lag (this season's first-year players often lack the FanGraphs and Retrosheet keys). One line when
 * no register is loaded.
 */
async function unmappedPeopleNotices(db: Executor): Promise<string[]> {
  const rows = await queryRows<{
    season: number;
    players: number;
    unmapped: number;
    noRetro: number;
    noBbref: number;
    noFangraphs: number;
    registered: boolean;
  }>(
    db,
    sql`with played as (
          select distinct g.season, l.person_id from mlb.batting_lines l join mlb.games g using (game_pk)
          union
          select distinct g.season, l.person_id from mlb.pitching_lines l join mlb.games g using (game_pk)
        )
        select p.season, count(*)::int as players,
               count(*) filter (where i.key_retro is null or i.key_bbref is null or i.key_fangraphs is null)::int as unmapped,
               count(*) filter (where i.key_retro is null)::int as "noRetro",
               count(*) filter (where i.key_bbref is null)::int as "noBbref",
               count(*) filter (where i.key_fangraphs is null)::int as "noFangraphs",
               exists (select 1 from mlb.person_ids) as registered
        from played p left join mlb.person_ids i on i.key_mlbam = p.person_id
        group by p.season order by p.season`,
  );
  if (rows.length === 0) return [];
  if (!rows[0]?.registered) {
    return [
      'no Chadwick register loaded (mlb.person_ids is empty): `dugout snapshot register` maps players to Retrosheet, Baseball-Reference and FanGraphs ids',
    ];
  }
  return rows
    .filter((r) => r.unmapped > 0)
    .map(
      (r) =>
        `${r.season}: ${r.unmapped} of ${r.players} players lack a register key (${r.noRetro} Retrosheet, ${r.noBbref} Baseball-Reference, ${r.noFangraphs} FanGraphs): the public register lags, most of all for this season's first-year players`,
    );
}

/** The reconciliation checks of ARCHITECTURE §5. */
export const CHECKS: CheckDef[] = [
  {
    name: 'plays_vs_plate_appearances',
    description:
      'plate appearances in mlb.plays = plate appearances in the batting lines (games whose boxscore has PA)',
    // A runner making the inning's last out ends a play without a plate appearance; plays stored
    // before is_plate_appearance existed count when complete (until a rebuild fills it).
    query: sql`select f.game_pk, pl.plays, bl.pa from (${LOADED_FINALS}) f
      join (select game_pk, count(*) filter (where coalesce(is_plate_appearance, is_complete is not false))::int as plays
            from mlb.plays group by game_pk) pl using (game_pk)
      join (select game_pk, sum(plate_appearances)::int as pa from mlb.batting_lines group by game_pk) bl using (game_pk)
      where bl.pa > 0 and pl.plays <> bl.pa`,
  },
  {
    name: 'pitches_vs_number_of_pitches',
    description: 'pitch rows per pitcher = numberOfPitches of his pitching line',
    query: sql`select f.game_pk, l.person_id, l.pitches as number_of_pitches, coalesce(c.n, 0) as pitch_rows
      from (${LOADED_FINALS}) f
      join mlb.pitching_lines l on l.game_pk = f.game_pk
      left join (select game_pk, pitcher_id, count(*)::int as n from mlb.pitches group by game_pk, pitcher_id) c
        on c.game_pk = l.game_pk and c.pitcher_id = l.person_id
      where f.game_pk in (select game_pk from mlb.pitching_lines group by game_pk having sum(pitches) > 0)
        and coalesce(l.pitches, 0) <> coalesce(c.n, 0)`,
  },
  {
    name: 'runs_linescore_batting_plays',
    description: 'runs per team: schedule/linescore score = sum of batting lines = score after the last play',
    query: sql`select f.game_pk, s.side, s.linescore, s.batting, s.plays from (${LOADED_FINALS}) f
      join mlb.games g on g.game_pk = f.game_pk
      cross join lateral (values
        ('home', g.home_score,
          (select sum(runs)::int from mlb.batting_lines b where b.game_pk = g.game_pk and b.side = 'home'),
          (select home_score from mlb.plays p where p.game_pk = g.game_pk order by at_bat_index desc limit 1)),
        ('away', g.away_score,
          (select sum(runs)::int from mlb.batting_lines b where b.game_pk = g.game_pk and b.side = 'away'),
          (select away_score from mlb.plays p where p.game_pk = g.game_pk order by at_bat_index desc limit 1))
      ) as s(side, linescore, batting, plays)
      where s.linescore is distinct from s.batting or s.batting is distinct from s.plays`,
  },
  {
    name: 'runs_from_runners',
    description: "runners who scored in mlb.runners = each side's score",
    query: sql`select f.game_pk, s.side, s.score, s.runners from (${LOADED_FINALS}) f
      join mlb.games g on g.game_pk = f.game_pk
      cross join lateral (
        select side, score, coalesce((select count(*)::int from mlb.runners r
            join mlb.plays p on p.game_pk = r.game_pk and p.at_bat_index = r.at_bat_index
            where r.game_pk = g.game_pk and r.end_base = 'score' and p.half_inning = half), 0) as runners
        from (values ('away', 'top', g.away_score), ('home', 'bottom', g.home_score)) as v(side, half, score)
      ) s
      where exists (select 1 from mlb.runners r where r.game_pk = g.game_pk) and s.score is distinct from s.runners`,
  },
  {
    name: 'putouts_vs_outs',
    description: "putouts in a team's fielding lines = outs its pitchers recorded",
    query: sql`select f.game_pk, o.team_id, o.outs, coalesce(p.putouts, 0) as putouts from (${LOADED_FINALS}) f
      join (select game_pk, team_id, sum(outs)::int as outs from mlb.pitching_lines group by game_pk, team_id) o using (game_pk)
      left join (select game_pk, team_id, sum(putouts)::int as putouts from mlb.fielding_lines group by game_pk, team_id) p
        on p.game_pk = o.game_pk and p.team_id = o.team_id
      where exists (select 1 from mlb.fielding_lines l where l.game_pk = f.game_pk) and o.outs <> coalesce(p.putouts, 0)`,
  },
  {
    name: 'outs_before_consistent',
    description: 'every play begins with the outs the previous play of its half-inning ended with (0 for the first)',
    query: sql`select game_pk, at_bat_index, outs_before, expected from (
        select p.game_pk, p.at_bat_index, p.outs_before,
               coalesce(lag(p.outs) over (partition by p.game_pk, p.inning, p.half_inning order by p.at_bat_index), 0) as expected
        from mlb.plays p where p.game_pk in (${LOADED_FINALS}) and p.outs_before is not null) x
      where outs_before <> expected`,
  },
  {
    name: 'people_present',
    description: 'every player with a batting or pitching line exists in mlb.people',
    query: sql`select x.game_pk, x.person_id from (
        select game_pk, person_id from mlb.batting_lines union select game_pk, person_id from mlb.pitching_lines) x
      where not exists (select 1 from mlb.people p where p.person_id = x.person_id)`,
  },
  {
    name: 'final_games_have_bodies',
    description: 'every final game of the schedule has its boxscore and play-by-play stored',
    query: sql`select g.game_pk, g.official_date, (b.game_pk is not null) as has_boxscore, (p.game_pk is not null) as has_play_by_play,
        w.status as work_status, w.last_error
      from mlb.games g
      left join raw.boxscores b on b.game_pk = g.game_pk
      left join raw.play_by_play p on p.game_pk = g.game_pk
      left join ingest.work_items w on w.kind = 'game' and w.key = g.game_pk::text
      where g.coded_game_state = 'F' and (b.game_pk is null or p.game_pk is null)`,
  },
  {
    name: 'reference_lists_present',
    description:
      'every configuration list dugout loads has rows in mlb.reference_codes (the next sync or backfill fetches a missing one)',
    query: sql`select l as list from unnest(${`{${REFERENCE_LISTS.join(',')}}`}::text[]) l
      where not exists (select 1 from mlb.reference_codes r where r.list = l)`,
  },
  {
    name: 'win_probability_vs_plays',
    description:
      'a game loaded with its win probability has one mlb.play_win_probability row per play, ending at 100 or 0 for the winner',
    query: sql`select f.game_pk, pl.plays, w.rows, w.last_home, g.home_score, g.away_score from (${LOADED_FINALS}) f
      join mlb.games g on g.game_pk = f.game_pk
      join (select game_pk, count(*)::int as rows,
                   (array_agg(home_win_probability order by at_bat_index desc))[1] as last_home
            from mlb.play_win_probability group by game_pk) w on w.game_pk = f.game_pk
      join (select game_pk, count(*)::int as plays from mlb.plays group by game_pk) pl on pl.game_pk = f.game_pk
      where w.rows <> pl.plays
         or (g.home_score > g.away_score and w.last_home is distinct from 100)
         or (g.home_score < g.away_score and w.last_home is distinct from 0)`,
  },
  {
    name: 'official_batting',
    description:
      "our regular-season batting per player (analytics.season_batting) = the league's (mlb.official_stats, dugout snapshot stats), for seasons the warehouse holds whole",
    notices: partialSeasonNotices,
    query: officialStatsDiffer('hitting', 'analytics.season_batting', [
      ['plate_appearances', 'pa', 'pa'],
      ['hits', 'h', 'h'],
      ['home_runs', 'hr', 'hr'],
      ['base_on_balls', 'bb', 'bb'],
      ['strike_outs', 'so', 'so'],
    ]),
  },
  {
    name: 'official_pitching',
    description:
      "our regular-season pitching per player (analytics.season_pitching) = the league's (mlb.official_stats), for seasons the warehouse holds whole",
    notices: partialSeasonNotices,
    query: officialStatsDiffer('pitching', 'analytics.season_pitching', [
      ['outs', 'outs', 'outs'],
      ['earned_runs', 'er', 'er'],
      ['hits', 'h', 'h'],
      ['home_runs', 'hr', 'hr'],
      ['base_on_balls', 'bb', 'bb'],
      ['strike_outs', 'so', 'so'],
    ]),
  },
  {
    name: 'official_fielding',
    description:
      "our regular-season fielding per player (put-outs, assists, errors summed from the boxscores' fielding lines) = the league's (mlb.official_stats, all positions), for seasons the warehouse holds whole",
    notices: partialSeasonNotices,
    query: officialStatsDiffer('fielding', SEASON_FIELDING, [
      ['put_outs', 'po', 'po'],
      ['assists', 'a', 'a'],
      ['errors', 'e', 'e'],
    ]),
  },
  {
    name: 'abs_challenges_vs_reviews',
    description:
      "per final game and side: ABS challenges in mlb.reviews = used_successful + used_failed of mlb.abs_challenges, and those overturned = used_successful (a game with ABS reviews has both sides' counts)",
    query: sql`with abs as (
        select game_pk, challenge_team_id as team_id, count(*)::int as challenges,
               count(*) filter (where is_overturned)::int as overturned
        from mlb.reviews where review_type = 'MJ' and game_pk in (${LOADED_FINALS})
        group by game_pk, challenge_team_id)
      select a.game_pk, a.side, a.team_id, a.used_successful, a.used_failed,
             coalesce(r.challenges, 0) as abs_reviews, coalesce(r.overturned, 0) as overturned
      from mlb.abs_challenges a
      left join abs r on r.game_pk = a.game_pk and r.team_id = a.team_id
      where a.game_pk in (${LOADED_FINALS})
        and (a.used_successful + a.used_failed <> coalesce(r.challenges, 0)
             or a.used_successful <> coalesce(r.overturned, 0))
      union all
      select r.game_pk, null, r.team_id, null, null, r.challenges, r.overturned from abs r
      where not exists (select 1 from mlb.abs_challenges a where a.game_pk = r.game_pk and a.team_id = r.team_id)`,
  },
  {
    name: 'new_api_fields',
    description:
      'fields of loaded bodies that dugout does not know (ingest.new_fields): listed as notes, never a failure',
    notices: newFieldNotices,
    query: sql`select null::text as path where false`,
  },
  {
    name: 'reader_roles_as_left',
    description:
      'each reader role as dugout reader-role left it (settings, connection limit, attributes, memberships, rights; the password hash where this login may read it): a difference is a note, never a failure',
    notices: readerRoleNotices,
    query: sql`select null::text as role where false`,
  },
  {
    name: 'clubs_in_team_ids',
    description:
      'every major-league club of every season the warehouse holds (regular-season and postseason games, mlb.team_seasons) has its row in the hand-kept crosswalk mlb.team_ids',
    query: sql`with played as (
        select distinct g.season, t.team_id from mlb.games g
        cross join lateral (values (g.home_team_id), (g.away_team_id)) as t(team_id)
        where g.sport_id = 1 and g.game_type in ('R', 'F', 'D', 'L', 'W') and t.team_id is not null
        union
        select season, team_id from mlb.team_seasons where sport_id = 1
      )
      select p.team_id, p.season from played p
      where not exists (select 1 from mlb.team_ids i where i.team_id = p.team_id
                        and p.season >= i.first_season and (i.last_season is null or p.season <= i.last_season))
      order by p.season, p.team_id`,
  },
  {
    name: 'people_unmapped',
    description:
      'players of each loaded season without a Retrosheet, Baseball-Reference or FanGraphs key in the Chadwick register (mlb.person_ids): counted as notes, never a failure',
    notices: unmappedPeopleNotices,
    query: sql`select null::int as season where false`,
  },
  {
    name: 'injured_list_vs_rosters',
    description:
      'the 40-man roster snapshots against mlb.injured_list_stints on the days the transactions cover: a player listed on the injured list without an open stint, or with one and another status; notes, never a failure',
    notices: injuredListNotices,
    query: sql`select null::text as person_id where false`,
  },
  {
    name: 'cursor_not_past_unfinished_work',
    description: 'no game queued more than a day before the game change-log cursor is still unfinished',
    query: sql`select w.key as game_pk, w.status, w.reason, w.created_at, c.position as cursor
      from ingest.work_items w join ingest.cursors c on c.name = 'game_changes'
      where w.kind = 'game' and w.status in ('pending', 'dead') and w.created_at < c.position - interval '1 day'`,
  },
];

/**
 * Roster snapshots (40-man) against the injured list the transactions loaded give, on the snapshot
 * days the transactions cover (from the first transaction to the last poll that listed any): a player listed with an injured-list status (D7, D10, D15, D60) and
 * no open stint that day, or with an open stint and another status. Each disagreement is a notice.
 */
const IL_VS_ROSTERS = sql`with covered as (
    select min(transaction_date) as first_day, (max(last_seen_at) at time zone 'UTC')::date as last_day from mlb.transactions),
  roster as (
    select r.team_id, r.roster_date, r.person_id, r.status_code
    from mlb.roster_entries r, covered c
    where r.roster_type = '40Man' and r.roster_date between c.first_day and c.last_day),
  open_stint as (
    select r.team_id, r.roster_date, r.person_id, r.status_code,
           exists (select 1 from mlb.injured_list_stints s where s.person_id = r.person_id
                   and s.start_date <= r.roster_date and (s.end_date is null or s.end_date > r.roster_date)) as on_il
    from roster r)
  select team_id, roster_date, person_id, status_code, on_il from open_stint
  where (status_code in ('D7', 'D10', 'D15', 'D60')) <> on_il
  order by roster_date, team_id, person_id`;

async function injuredListNotices(db: Executor): Promise<string[]> {
  const rows = await queryRows<{
    team_id: number;
    roster_date: string;
    person_id: number;
    status_code: string;
    on_il: boolean;
  }>(
    db,
    sql`select team_id, roster_date::text as roster_date, person_id, status_code, on_il from (${IL_VS_ROSTERS}) v limit 20`,
  );
  return rows.map((r) =>
    r.on_il
      ? `injured list: person ${r.person_id} on club ${r.team_id}'s roster of ${r.roster_date} as ${r.status_code}, but an injured-list stint of the transactions is open that day`
      : `injured list: person ${r.person_id} on club ${r.team_id}'s roster of ${r.roster_date} as ${r.status_code}, but no injured-list stint of the transactions is open that day`,
  );
}

/** Run every check; each returns its violation count and the first examples. */
export async function runChecks(db: Executor, exampleLimit = 5): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const c of CHECKS) {
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${c.query}) v`);
    const violations = Number(count?.n ?? 0);
    const examples = violations
      ? await queryRows<Record<string, unknown>>(db, sql`select * from (${c.query}) v limit ${exampleLimit}`)
      : [];
    const notices = c.notices ? await c.notices(db) : [];
    results.push({ name: c.name, description: c.description, violations, examples, passed: violations === 0, notices });
  }
  return results;
}
