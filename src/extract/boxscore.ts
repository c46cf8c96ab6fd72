import { asArray, asObject, type JsonObject, pick, toBool, toInt, toText } from './coerce.js';
import { type Decisions, pitchingLine } from './pitching-lines.js';
import { fractionalCounts, reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { BattingLineRow, PitchingLineRow, RejectRow } from '../db/schema/rows.js';

/** Rows of a boxscore body. */
export interface BoxscoreRows {
  battingLines: BattingLineRow[];
  pitchingLines: PitchingLineRow[];
}

/** Options of {@link extractBoxscore}. */
export interface BoxscoreOptions {
  /** Decisions from feed/live (`decisionsFrom(liveData)`), used when stats and note say nothing. */
  decisions?: Decisions;
}

const SIDES = ['away', 'home'] as const;
type Side = (typeof SIDES)[number];

/** Batting stat columns and their `stats.batting` keys. */
/** Pitching stats read as whole numbers. */
const PITCHING_COUNTS = [
  'outs',
  'battersFaced',
  'hits',
  'runs',
  'earnedRuns',
  'baseOnBalls',
  'intentionalWalks',
  'strikeOuts',
  'homeRuns',
  'hitByPitch',
  'numberOfPitches',
  'pitchesThrown',
  'strikes',
  'balls',
  'wildPitches',
  'balks',
];

const BATTING_STATS = [
  ['games_played', 'gamesPlayed'],
  ['plate_appearances', 'plateAppearances'],
  ['at_bats', 'atBats'],
  ['runs', 'runs'],
  ['hits', 'hits'],
  ['doubles', 'doubles'],
  ['triples', 'triples'],
  ['home_runs', 'homeRuns'],
  ['rbi', 'rbi'],
  ['base_on_balls', 'baseOnBalls'],
  ['intentional_walks', 'intentionalWalks'],
  ['strike_outs', 'strikeOuts'],
  ['hit_by_pitch', 'hitByPitch'],
  ['stolen_bases', 'stolenBases'],
  ['caught_stealing', 'caughtStealing'],
  ['sac_bunts', 'sacBunts'],
  ['sac_flies', 'sacFlies'],
  ['ground_into_double_play', 'groundIntoDoublePlay'],
  ['left_on_base', 'leftOnBase'],
  ['total_bases', 'totalBases'],
] as const;

/**
 * Batting and pitching lines of a /boxscore body, or of feed/live's `liveData.boxscore`.
 *
 * For each side, `team_id` is `teams[side].team.id` (never the player's `parentTeamId`: in a
 * suspended game one player can appear for both teams). A batting line is made for every player
 * in `teams[side].batters` or whose `stats.batting` is not empty (bench players are skipped); a
 * pitching line for every id in `teams[side].pitchers`, in order (`pitching_order` 1-based, the
 * first is the starter). Rejected: a side without a team id (all its lines), a player without
 * `person.id`, a listed pitcher missing from `players`, an unreadable `inningsPitched`.
 */
export function extractBoxscore(gamePk: number, body: unknown, opts: BoxscoreOptions = {}): Extracted<BoxscoreRows> {
  const out: Extracted<BoxscoreRows> = { rows: { battingLines: [], pitchingLines: [] }, rejects: [] };
  for (const side of SIDES) {
    const team = asObject(pick(body, 'teams', side));
    const teamId = toInt(pick(team, 'team', 'id'));
    if (!team || teamId === null) {
      out.rejects.push(reject(gamePk, 'batting_lines', `teams.${side}`, 'side without team.id', team ?? null));
      continue;
    }
    const ctx = { gamePk, teamId, side, rejects: out.rejects };
    out.rows.battingLines.push(...battingLines(team, ctx));
    out.rows.pitchingLines.push(...pitchingLines(team, { ...ctx, decisions: opts.decisions }));
  }
  return out;
}

interface SideContext {
  gamePk: number;
  teamId: number;
  side: Side;
  rejects: RejectRow[];
}

/** Ids listed in `teams[side][key]` (batters, pitchers). */
function listedIds(team: JsonObject, key: string): number[] {
  return (asArray(team[key]) ?? []).map(toInt).filter((id): id is number => id !== null);
}

function battingLines(team: JsonObject, ctx: SideContext): BattingLineRow[] {
  const batters = new Set(listedIds(team, 'batters'));
  const rows: BattingLineRow[] = [];
  for (const [key, raw] of Object.entries(asObject(team.players) ?? {})) {
    const batting = asObject(pick(raw, 'stats', 'batting'));
    const keyId = toInt(/^ID(\d+)$/.exec(key)?.[1]);
    const batted = (batting !== null && Object.keys(batting).length > 0) || (keyId !== null && batters.has(keyId));
    if (!batted) continue;
    const personId = toInt(pick(raw, 'person', 'id'));
    const player = asObject(raw);
    if (personId === null || !player) {
      ctx.rejects.push(
        reject(ctx.gamePk, 'batting_lines', `teams.${ctx.side}.players.${key}`, 'player without person.id', raw),
      );
      continue;
    }
    rows.push(battingLine(personId, player, batting ?? {}, ctx));
  }
  return rows;
}

function battingLine(personId: number, player: JsonObject, batting: JsonObject, ctx: SideContext): BattingLineRow {
  const positions = (asArray(player.allPositions) ?? []).map((p) => toText(pick(p, 'abbreviation'))).filter((p) => p);
  const row: Record<string, unknown> = {
    game_pk: ctx.gamePk,
    team_id: ctx.teamId,
    person_id: personId,
    side: ctx.side,
    batting_order: toInt(player.battingOrder),
    position: toText(pick(player, 'position', 'abbreviation')),
    all_positions: positions.length > 0 ? positions.join(',') : null,
    is_substitute: toBool(pick(player, 'gameStatus', 'isSubstitute')),
  };
  for (const [column, key] of BATTING_STATS) row[column] = toInt(batting[key]);
  const path = `teams.${ctx.side}.players.ID${personId}.stats.batting`;
  ctx.rejects.push(
    ...fractionalCounts(
      ctx.gamePk,
      'batting_lines',
      path,
      batting,
      BATTING_STATS.map(([, key]) => key),
    ),
  );
  // The stat columns are set by name from BATTING_STATS above, which the compiler cannot follow;
  // the column test (every row key is a column of its table) holds the shape.
  return row as unknown as BattingLineRow;
}

function pitchingLines(team: JsonObject, ctx: SideContext & { decisions?: Decisions }): PitchingLineRow[] {
  const players = asObject(team.players) ?? {};
  const rows: PitchingLineRow[] = [];
  (asArray(team.pitchers) ?? []).forEach((listed, order) => {
    const id = toInt(listed);
    const player = asObject(players[`ID${id}`]);
    const personId = toInt(pick(player, 'person', 'id'));
    const duplicate = rows.some((r) => r.person_id === personId);
    const line = player && personId !== null && !duplicate ? pitchingLine(personId, player, { ...ctx, order }) : null;
    if (line !== null && typeof line !== 'string') {
      rows.push(line);
      const stats = asObject(pick(player, 'stats', 'pitching')) ?? {};
      ctx.rejects.push(
        ...fractionalCounts(
          ctx.gamePk,
          'pitching_lines',
          `teams.${ctx.side}.players.ID${personId}.stats.pitching`,
          stats,
          PITCHING_COUNTS,
        ),
      );
      return;
    }
    const reason =
      line ??
      (!player
        ? `pitcher ${JSON.stringify(listed)} not in players`
        : personId === null
          ? 'player without person.id'
          : `pitcher ${id} listed twice`);
    ctx.rejects.push(
      reject(ctx.gamePk, 'pitching_lines', `teams.${ctx.side}.pitchers[${order}]`, reason, player ?? listed),
    );
  });
  return rows;
}
