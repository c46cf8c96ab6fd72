import { asArray, asObject, type JsonObject, pick, toBool, toInt, toNum, toText, toTimestamp } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { PitchRow, RejectRow } from '../db/schema/rows.js';

/** What a pitch inherits from its plate appearance. */
export interface PitchContext {
  gamePk: number;
  atBatIndex: number;
  batterId: number | null;
  /** `matchup.pitcher.id`: the pitcher at the end of the plate appearance. */
  pitcherId: number | null;
  /** The fielding team's pitcher at the end of its previous plate appearance (null if none yet). */
  priorPitcherId: number | null;
  /** Path of the play in the body, e.g. `allPlays[12]`. */
  path: string;
}

/** True for a play event that is a pitch (`isPitch === true`). */
export function isPitchEvent(event: unknown): boolean {
  return pick(event, 'isPitch') === true;
}

/** True for a pitching change action (`pitching_substitution`; older feeds only say "Pitching Substitution"). */
export function isPitchingChange(event: unknown): boolean {
  const details = pick(event, 'details');
  return pick(details, 'eventType') === 'pitching_substitution' || pick(details, 'event') === 'Pitching Substitution';
}

/**
 * The pitcher of each event of a plate appearance. `matchup.pitcher` is the pitcher at the end;
 * when a pitching change happens after the first pitch, the pitches before it were thrown by the
 * previous pitcher of the fielding team, and each change hands over to its `player`.
 */
export function pitchersByEvent(events: unknown[], ctx: PitchContext): Array<number | null> {
  const firstPitch = events.findIndex(isPitchEvent);
  const changeMidway = firstPitch >= 0 && events.some((e, j) => j > firstPitch && isPitchingChange(e));
  let current = changeMidway ? (ctx.priorPitcherId ?? ctx.pitcherId) : ctx.pitcherId;
  return events.map((event) => {
    if (isPitchingChange(event)) current = toInt(pick(event, 'player', 'id')) ?? ctx.pitcherId;
    return current;
  });
}

/**
 * Pitch rows of one play (`playEvents[]` with `isPitch === true`), keyed by
 * `play_event_index = event.index ?? position in the array`. An event that is not an object, has a
 * non-integer `index`, or repeats an index is rejected (path `allPlays[i].playEvents[j]`); the
 * other events still extract.
 */
export function extractPitches(play: JsonObject, ctx: PitchContext): Extracted<PitchRow[]> {
  const events = asArray(play.playEvents) ?? [];
  const pitchers = pitchersByEvent(events, ctx);
  const rows: PitchRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  events.forEach((raw, j) => {
    const path = `${ctx.path}.playEvents[${j}]`;
    const event = asObject(raw);
    if (!event) {
      rejects.push(reject(ctx.gamePk, 'pitches', path, 'play event is not an object', raw));
      return;
    }
    if (event.isPitch !== true) return;
    const index = event.index === undefined || event.index === null ? j : toInt(event.index);
    if (index === null || index < 0) {
      rejects.push(reject(ctx.gamePk, 'pitches', path, 'play event index is not a non-negative integer', raw));
    } else if (seen.has(index)) {
      rejects.push(reject(ctx.gamePk, 'pitches', path, `duplicate play event index ${index}`, raw));
    } else {
      seen.add(index);
      rows.push(pitchRow(event, index, pitchers[j] ?? null, ctx));
    }
  });
  return { rows, rejects };
}

/** Map one pitch event. Counts are the count after the pitch. */
function pitchRow(event: JsonObject, index: number, pitcherId: number | null, ctx: PitchContext): PitchRow {
  // Fields read by name where they are used, not through the shared `pick` (see its comment).
  const details = asObject(event.details);
  const call = asObject(details?.call);
  const type = asObject(details?.type);
  const count = asObject(event.count);
  return {
    game_pk: ctx.gamePk,
    at_bat_index: ctx.atBatIndex,
    play_event_index: index,
    pitcher_id: pitcherId,
    batter_id: ctx.batterId,
    pitch_number: toInt(event.pitchNumber),
    balls: toInt(count?.balls),
    strikes: toInt(count?.strikes),
    outs: toInt(count?.outs),
    // `details.code` is the specific call in every era ('C' called strike, 'V' automatic ball);
    // older feeds put only the generic S/B/X in `details.call.code`.
    call_code: toText(details?.code) ?? toText(call?.code),
    call_description: toText(details?.description) ?? toText(call?.description),
    is_in_play: toBool(details?.isInPlay),
    is_strike: toBool(details?.isStrike),
    is_ball: toBool(details?.isBall),
    pitch_type: toText(type?.code),
    pitch_type_description: toText(type?.description),
    ...pitchDataColumns(event.pitchData),
    ...hitDataColumns(event.hitData),
    play_id: toText(event.playId),
    start_time: toTimestamp(event.startTime),
    end_time: toTimestamp(event.endTime),
  };
}

type PitchDataColumns = Pick<
  PitchRow,
  | 'type_confidence'
  | 'start_speed'
  | 'end_speed'
  | 'spin_rate'
  | 'spin_direction'
  | 'break_angle'
  | 'break_length'
  | 'break_vertical'
  | 'break_vertical_induced'
  | 'break_horizontal'
  | 'plate_x'
  | 'plate_z'
  | 'pfx_x'
  | 'pfx_z'
  | 'strike_zone_top'
  | 'strike_zone_bottom'
  | 'zone'
  | 'extension'
  | 'plate_time'
>;

/** The tracking columns of `pitchData` (all null when absent). */
function pitchDataColumns(pitchData: unknown): PitchDataColumns {
  const data = asObject(pitchData);
  const breaks = asObject(data?.breaks);
  const coordinates = asObject(data?.coordinates);
  return {
    type_confidence: toNum(data?.typeConfidence),
    start_speed: toNum(data?.startSpeed),
    end_speed: toNum(data?.endSpeed),
    spin_rate: toNum(breaks?.spinRate),
    spin_direction: toNum(breaks?.spinDirection),
    break_angle: toNum(breaks?.breakAngle),
    break_length: toNum(breaks?.breakLength),
    break_vertical: toNum(breaks?.breakVertical),
    break_vertical_induced: toNum(breaks?.breakVerticalInduced),
    break_horizontal: toNum(breaks?.breakHorizontal),
    plate_x: toNum(coordinates?.pX),
    plate_z: toNum(coordinates?.pZ),
    pfx_x: toNum(coordinates?.pfxX),
    pfx_z: toNum(coordinates?.pfxZ),
    strike_zone_top: toNum(data?.strikeZoneTop),
    strike_zone_bottom: toNum(data?.strikeZoneBottom),
    zone: toInt(data?.zone),
    extension: toNum(data?.extension),
    plate_time: toNum(data?.plateTime),
  };
}

type HitDataColumns = Pick<
  PitchRow,
  | 'launch_speed'
  | 'launch_angle'
  | 'total_distance'
  | 'trajectory'
  | 'hardness'
  | 'hit_location'
  | 'hit_coord_x'
  | 'hit_coord_y'
>;

/** The batted-ball columns of `hitData` (all null when the pitch was not put in play). */
function hitDataColumns(hitData: unknown): HitDataColumns {
  const hit = asObject(hitData);
  const coordinates = asObject(hit?.coordinates);
  return {
    launch_speed: toNum(hit?.launchSpeed),
    launch_angle: toNum(hit?.launchAngle),
    total_distance: toNum(hit?.totalDistance),
    trajectory: toText(hit?.trajectory),
    hardness: toText(hit?.hardness),
    hit_location: toText(hit?.location),
    hit_coord_x: toNum(coordinates?.coordX),
    hit_coord_y: toNum(coordinates?.coordY),
  };
}
