import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ingest, mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** The columns of a register person, as the register names them (`mlb.person_ids` and its staging table). */
function registerPersonColumns() {
  return {
    /** The register's stable id of the person (never re-used, unlike key_person). */
    keyUuid: uuid('key_uuid').notNull(),
    /** The register's short id (8 hex digits): unique at one time, but may be re-used. */
    keyPerson: text('key_person').notNull(),
    /** MLBAM person id: `mlb.people.person_id`, the Stats API's id. */
    keyMlbam: integer('key_mlbam'),
    /** Retrosheet player id (e.g. `judga001`). */
    keyRetro: text('key_retro'),
    /** Baseball-Reference major-league id (e.g. `judgeaa01`). */
    keyBbref: text('key_bbref'),
    /** Baseball-Reference minor-league (register) id. */
    keyBbrefMinors: text('key_bbref_minors'),
    /** FanGraphs player id (`playerid` of its leaderboards; minor leaguers' ids start with `sa`). */
    keyFangraphs: text('key_fangraphs'),
    /** Nippon Professional Baseball id. */
    keyNpb: text('key_npb'),
    keySrNfl: text('key_sr_nfl'),
    keySrNba: text('key_sr_nba'),
    keySrNhl: text('key_sr_nhl'),
    /** Wikidata item (e.g. `Q1234`). */
    keyWikidata: text('key_wikidata'),
    nameLast: text('name_last'),
    nameFirst: text('name_first'),
    nameGiven: text('name_given'),
    nameSuffix: text('name_suffix'),
    nameMatrilineal: text('name_matrilineal'),
    nameNick: text('name_nick'),
    birthYear: integer('birth_year'),
    birthMonth: integer('birth_month'),
    birthDay: integer('birth_day'),
    /** The birth date when year, month and day are all known. */
    birthDate: date('birth_date', { mode: 'string' }),
    deathYear: integer('death_year'),
    deathMonth: integer('death_month'),
    deathDay: integer('death_day'),
    /** First and last MLB season played, managed, umpired (as the register has them). */
    mlbPlayedFirst: integer('mlb_played_first'),
    mlbPlayedLast: integer('mlb_played_last'),
    mlbManagedFirst: integer('mlb_managed_first'),
    mlbManagedLast: integer('mlb_managed_last'),
    mlbUmpiredFirst: integer('mlb_umpired_first'),
    mlbUmpiredLast: integer('mlb_umpired_last'),
  };
}

/**
 * The Chadwick Baseball Bureau register (github.com/chadwickbureau/register, ODC-By 1.0): one row per
 * register person who carries a key besides the register's own (an MLBAM id, or a Retrosheet,
 * Baseball-Reference, FanGraphs, NPB, Sports-Reference or Wikidata one). Replaced whole by each
 * `dugout snapshot register`, in one transaction; what changed is kept in `mlb.person_id_changes`.
 */
export const personIds = mlb.table(
  'person_ids',
  {
    ...registerPersonColumns(),
    /** Where this load read the register (a URL, or a local folder or zip). */
    source: text('source').notNull(),
    /** When this load read it. */
    readAt: timestamp('read_at', tz).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.keyUuid] }),
    uniqueIndex('person_ids_mlbam_idx').on(t.keyMlbam),
    index('person_ids_retro_idx').on(t.keyRetro),
    index('person_ids_bbref_idx').on(t.keyBbref),
    index('person_ids_fangraphs_idx').on(t.keyFangraphs),
  ],
);

/**
 * What each re-load of the register changed, key by key: a key added (old_value null), changed, or
 * gone (new_value null), a person added or gone (each of his keys), with the UTC day it was seen.
 * The first load of an empty table records nothing (it is the starting point).
 */
export const personIdChanges = mlb.table(
  'person_id_changes',
  {
    changeId: bigserial('change_id', { mode: 'number' }).primaryKey(),
    keyUuid: uuid('key_uuid').notNull(),
    /** The person's MLBAM id, new or else old (for joins). */
    keyMlbam: integer('key_mlbam'),
    /** Which key: `key_mlbam`, `key_retro`, `key_bbref`, `key_fangraphs`… */
    keyName: text('key_name').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** The UTC day of the load that saw the change. */
    seenOn: date('seen_on', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [index('person_id_changes_uuid_idx').on(t.keyUuid), index('person_id_changes_seen_idx').on(t.seenOn)],
);

/**
 * Where a register load puts the rows it reads before they replace `mlb.person_ids`, inside the
 * same transaction: empty outside one. `file` and `line` say where each row came from.
 */
export const registerStage = ingest.table('register_stage', {
  ...registerPersonColumns(),
  file: text('file').notNull(),
  line: integer('line').notNull(),
});

/**
 * The hand-kept crosswalk of major-league clubs (migrations/…_team_ids_data.sql, documented in
 * docs/team-ids.md): for each MLBAM team id and span of seasons, the club's Retrosheet,
 * Baseball-Reference and Lahman codes. One row per span in which every code and the league hold.
 */
export const teamIds = mlb.table(
  'team_ids',
  {
    /** MLBAM team id (mlb.teams.team_id): one id per franchise across its moves and names. */
    teamId: integer('team_id').notNull(),
    firstSeason: integer('first_season').notNull(),
    /** Null: still so. */
    lastSeason: integer('last_season'),
    name: text('name').notNull(),
    /** `AL` or `NL`. */
    league: text('league').notNull(),
    retroTeam: text('retro_team').notNull(),
    bbrefTeam: text('bbref_team').notNull(),
    lahmanTeamId: text('lahman_team_id').notNull(),
    lahmanFranchId: text('lahman_franch_id').notNull(),
    notes: text('notes'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.firstSeason] })],
);
