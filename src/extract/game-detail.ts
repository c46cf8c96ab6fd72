import { asArray, asObject, type JsonObject, pick, toInt, toText, toTimestamp } from './coerce.js';
import { runnersOnAfter } from './base-state.js';
import { isPitchEvent } from './pitches.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type {
  FieldingLineRow,
  GameContextRow,
  GameOfficialRow,
  LinescoreInningRow,
  PlayRow,
} from '../db/schema/rows.js';

/** Rows a game's boxscore and play-by-play give beyond the lines, plays and pitches. */
export interface GameDetailRows {
  fieldingLines: FieldingLineRow[];
  officials: GameOfficialRow[];
  linescoreInnings: LinescoreInningRow[];
  gameContext: GameContextRow;
}

const SIDES = ['away', 'home'] as const;
const HITS = new Set(['single', 'double', 'triple', 'home_run']);
/** Runner credits that charge the fielder an error (catcher's interference is one too). */
const ERROR_CREDITS = new Set(['f_fielding_error', 'f_throwing_error', 'f_error', 'c_catcher_interf']);

/** Boxscore `stats.fielding` keys of each fielding column. */
const FIELDING = [
  ['putouts', 'putOuts'],
  ['assists', 'assists'],
  ['errors', 'errors'],
  ['chances', 'chances'],
  ['passed_balls', 'passedBall'],
  ['stolen_bases', 'stolenBases'],
  ['caught_stealing', 'caughtStealing'],
  ['pickoffs', 'pickoffs'],
] as const;

/**
 * Fielding lines (every player of a side whose `stats.fielding` is not empty, under the side's
 * team id), the officials, the linescore innings derived from the plays and the game context.
 * Everything comes from the two bodies both game sources provide (a /boxscore and a /playByPlay, or
 * feed/live's liveData.boxscore and liveData.plays), so both give the same rows. `plays` are the
 * play rows {@link extractPlayByPlay} made of the same body (with their base state). `inProgress`:
 * the game is not over (a live feed), so its last half-inning may be under way.
 */
export function extractGameDetail(
  gamePk: number,
  boxscore: unknown,
  playByPlay: unknown,
  plays: readonly PlayRow[],
  opts: { inProgress?: boolean } = {},
): Extracted<GameDetailRows> {
  const out: Extracted<GameDetailRows> = {
    rows: {
      fieldingLines: [],
      officials: [],
      linescoreInnings: [],
      gameContext: gameContext(gamePk, boxscore, playByPlay),
    },
    rejects: [],
  };
  for (const side of SIDES) {
    const teamId = toInt(pick(boxscore, 'teams', side, 'team', 'id'));
    const players = asObject(pick(boxscore, 'teams', side, 'players'));
    if (teamId === null || !players) continue;
    for (const [key, player] of Object.entries(players)) {
      const fielding = asObject(pick(player, 'stats', 'fielding'));
      if (!fielding || Object.keys(fielding).length === 0) continue;
      const personId = toInt(pick(player, 'person', 'id'));
      if (personId === null) {
        out.rejects.push(
          reject(gamePk, 'fielding_lines', `teams.${side}.players.${key}`, 'player without person.id', player),
        );
        continue;
      }
      const row: FieldingLineRow = {
        game_pk: gamePk,
        team_id: teamId,
        person_id: personId,
        position: toText(pick(player, 'position', 'abbreviation')),
        putouts: null,
        assists: null,
        errors: null,
        chances: null,
        passed_balls: null,
        stolen_bases: null,
        caught_stealing: null,
        pickoffs: null,
      };
      for (const [column, field] of FIELDING) row[column] = toInt(fielding[field]);
      out.rows.fieldingLines.push(row);
    }
  }
  const officialTypes = new Set<string>();
  for (const o of asArray(pick(boxscore, 'officials')) ?? []) {
    const type = toText(pick(o, 'officialType'));
    if (type === null || officialTypes.has(type)) continue;
    officialTypes.add(type);
    out.rows.officials.push({
      game_pk: gamePk,
      official_type: type,
      person_id: toInt(pick(o, 'official', 'id')),
      full_name: toText(pick(o, 'official', 'fullName')),
    });
  }
  out.rows.linescoreInnings = linescoreInnings(gamePk, playByPlay, plays, opts.inProgress === true);
  return out;
}

/**
 * Runs, hits, errors and runners left on base per inning and side, from the plays: runs scored on
 * the half's plays, its hits, the errors charged to the fielding side (distinct fielders with an
 * error credit per play: fielding, throwing, catcher's interference), and the runners on base after
 * its last play. A half not played (the home half of a game won by the home team after 8½, or one
 * not begun yet) has no runs. As the feed's linescore, the half under way in a game in progress has
 * no runs until one scores and no runners left on base until it ends.
 */
function linescoreInnings(
  gamePk: number,
  playByPlay: unknown,
  plays: readonly PlayRow[],
  inProgress: boolean,
): LinescoreInningRow[] {
  const byIndex = new Map(plays.map((p) => [p.at_bat_index, p]));
  type Half = { runs: number; hits: number; errors: number; leftOnBase: number };
  const halves = new Map<string, Half>();
  let innings = 0;
  let last: PlayRow | undefined;
  for (const raw of asArray(pick(playByPlay, 'allPlays')) ?? []) {
    const play = asObject(raw);
    const row = byIndex.get(toInt(pick(play, 'about', 'atBatIndex') ?? pick(play, 'atBatIndex')) ?? -1);
    if (!play || !row) continue;
    innings = Math.max(innings, row.inning);
    const key = `${row.inning}${row.half_inning}`;
    const half = halves.get(key) ?? { runs: 0, hits: 0, errors: 0, leftOnBase: 0 };
    half.runs += row.runs_scored;
    if (row.is_complete !== false && HITS.has(row.event_type ?? '')) half.hits++;
    half.errors += errorsOn(play);
    half.leftOnBase = runnersOnAfter(row, play);
    halves.set(key, half);
    last = row;
  }
  const current = inProgress && last ? halfUnderWay(last) : undefined;
  const of = (inning: number, side: 'top' | 'bottom') => {
    const half = halves.get(`${inning}${side}`);
    if (!half || `${inning}${side}` !== current) return half;
    return { ...half, runs: half.runs > 0 ? half.runs : null, leftOnBase: 0 };
  };
  const rows: LinescoreInningRow[] = [];
  for (let inning = 1; inning <= innings; inning++) {
    const top = of(inning, 'top');
    const bottom = of(inning, 'bottom');
    // As the feed's linescore: each side's errors are those it made in the field (the away team
    // fields in the bottom half), and a home half not played has no runs but 0 hits and left on base.
    const none = top ? 0 : null;
    rows.push({
      game_pk: gamePk,
      inning,
      away_runs: top ? top.runs : null,
      away_hits: top?.hits ?? null,
      away_errors: bottom?.errors ?? none,
      away_left_on_base: top?.leftOnBase ?? null,
      home_runs: bottom ? bottom.runs : null,
      home_hits: bottom?.hits ?? none,
      home_errors: top?.errors ?? null,
      home_left_on_base: bottom?.leftOnBase ?? none,
    });
  }
  return rows;
}

/**
 * The half-inning a game in progress is playing (`${inning}${half}`), from its latest play: the
 * play's own half unless it is complete with the third out (then the next half has not begun).
 */
function halfUnderWay(last: PlayRow): string | undefined {
  if (last.is_complete !== false && (last.outs ?? 0) >= 3) return undefined;
  return `${last.inning}${last.half_inning}`;
}

/** Errors on a play: the distinct fielders credited with an error on any runner's movement. */
function errorsOn(play: JsonObject): number {
  const fielders = new Set<string>();
  for (const r of asArray(play.runners) ?? []) {
    for (const c of asArray(pick(r, 'credits')) ?? []) {
      if (ERROR_CREDITS.has(String(pick(c, 'credit')))) fielders.add(String(pick(c, 'player', 'id')));
    }
  }
  return fielders.size;
}

/** `h:mm` in a text → minutes. */
function minutes(text: string | null, pattern: RegExp): number | null {
  const m = text ? pattern.exec(text) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The game's context from the boxscore `info` list (label → value): "Att" (attendance, null when
 * absent), "T" (h:mm, with "(h:mm delay)" when there was one), "Delay", "Weather" ("87 degrees,
 * Partly Cloudy."), "Wind" ("7 mph, Out To CF."); trailing periods dropped. These agree with feed
 * gameData.gameInfo and gameData.weather on every recorded game. `first_pitch` is the startTime of
 * the game's first pitch event (gameInfo.firstPitch is that time cut to the minute).
 */
export function gameContext(gamePk: number, boxscore: unknown, playByPlay: unknown): GameContextRow {
  const info = new Map<string, string>();
  for (const entry of asArray(pick(boxscore, 'info')) ?? []) {
    const label = toText(pick(entry, 'label'));
    const value = toText(pick(entry, 'value'));
    if (label && value && !info.has(label)) info.set(label, value.trim().replace(/\.$/, ''));
  }
  const weather = /^(-?\d+) degrees(?:, (.+))?$/.exec(info.get('Weather') ?? '');
  const att = info.get('Att')?.replace(/,/g, '');
  const time = info.get('T') ?? null;
  return {
    game_pk: gamePk,
    attendance: att && /^\d+$/.test(att) ? Number(att) : null,
    first_pitch: firstPitch(playByPlay),
    duration_minutes: minutes(time, /^(\d+):(\d{2})/),
    delay_minutes: minutes(info.get('Delay') ?? null, /(\d+):(\d{2})/) ?? minutes(time, /\((\d+):(\d{2}) delay\)/),
    weather_condition: weather?.[2] ?? null,
    temperature_f: weather ? Number(weather[1]) : null,
    wind: info.get('Wind') ?? null,
  };
}

function firstPitch(playByPlay: unknown): string | null {
  for (const play of asArray(pick(playByPlay, 'allPlays')) ?? []) {
    const pitch = (asArray(pick(play, 'playEvents')) ?? []).find(isPitchEvent);
    if (pitch) return toTimestamp(pick(pitch, 'startTime'));
  }
  return null;
}
