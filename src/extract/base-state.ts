import { asArray, asObject, type JsonObject, toInt } from './coerce.js';
import { isPitchEvent } from './pitches.js';
import type { PlayRow } from '../db/schema/rows.js';

type OccupiedBase = '1B' | '2B' | '3B';
type Bases = Record<OccupiedBase, number | null>;

const BASES: readonly OccupiedBase[] = ['1B', '2B', '3B'];
const isBase = (v: unknown): v is OccupiedBase => v === '1B' || v === '2B' || v === '3B';

/** The automatic runner's base from "X starts inning at 2nd base." (2B when the text says nothing). */
function placedBase(description: unknown): OccupiedBase {
  const m = typeof description === 'string' ? /at (1st|2nd|3rd) base/.exec(description) : null;
  return m?.[1] === '1st' ? '1B' : m?.[1] === '3rd' ? '3B' : '2B';
}

/** A pinch runner (or any substitute) takes the base of the player he replaces. */
function substitute(bases: Bases, event: unknown): void {
  // Fields read by name where they are used, not through the shared `pick` (see its comment).
  const e = asObject(event);
  if (e?.isSubstitution !== true) return;
  const replaced = toInt(asObject(e.replacedPlayer)?.id);
  const player = toInt(asObject(e.player)?.id);
  if (replaced === null || player === null) return;
  for (const b of BASES) if (bases[b] === replaced) bases[b] = player;
}

/**
 * Apply a play's runner movements: each moving runner leaves the base of his first movement and
 * stands where his last one ends unless he was put out (all bases are vacated before any is
 * taken, so chained advances do not overwrite each other).
 */
function applyRunners(bases: Bases, play: JsonObject): void {
  const byRunner = new Map<number, { start: unknown; end: unknown; out: boolean }>();
  for (const raw of asArray(play.runners) ?? []) {
    const r = asObject(raw);
    const id = toInt(asObject(asObject(r?.details)?.runner)?.id);
    if (id === null) continue;
    const seen = byRunner.get(id);
    const movement = asObject(r?.movement);
    const out = movement?.isOut === true;
    if (seen) {
      seen.end = movement?.end;
      seen.out ||= out;
    } else {
      byRunner.set(id, { start: movement?.start, end: movement?.end, out });
    }
  }
  for (const m of byRunner.values()) if (isBase(m.start)) bases[m.start] = null;
  for (const [id, m] of byRunner) if (!m.out && isBase(m.end)) bases[m.end] = id;
}

/**
 * Fill each play's state when it began: outs (the previous play's `count.outs` in the half-inning,
 * else 0), runners on base and the score (the previous play's score after it, else 0-0), and
 * whether it is a plate appearance (the batter is among its runners starting from home; a runner
 * making the third out ends the inning without one).
 *
 * Bases start empty at each half-inning except for an automatic runner (`runner_placed` action),
 * then are replayed from the previous plays' runner movements; substitutions before a play's first
 * pitch (pinch runners) are applied before its state is taken, later ones after its movements.
 * `plays` must be in `allPlays` order; rows are updated in place.
 */
export function replayBaseState(plays: ReadonlyArray<{ row: PlayRow; play: JsonObject }>): void {
  let half = '';
  let bases: Bases = { '1B': null, '2B': null, '3B': null };
  let outs = 0;
  let away = 0;
  let home = 0;
  for (const { row, play } of plays) {
    const key = `${row.inning}${row.half_inning}`;
    if (key !== half) {
      half = key;
      bases = { '1B': null, '2B': null, '3B': null };
      outs = 0;
    }
    const events = asArray(play.playEvents) ?? [];
    const firstPitch = events.findIndex(isPitchEvent);
    const leading = firstPitch < 0 ? events : events.slice(0, firstPitch);
    for (const e of leading) {
      const event = asObject(e);
      const details = asObject(event?.details);
      if (details?.eventType === 'runner_placed') {
        const id = toInt(asObject(event?.player)?.id);
        if (id !== null) bases[placedBase(details.description)] = id;
      } else {
        substitute(bases, e);
      }
    }
    row.outs_before = outs;
    row.on_1b_before = bases['1B'];
    row.on_2b_before = bases['2B'];
    row.on_3b_before = bases['3B'];
    row.away_score_before = away;
    row.home_score_before = home;
    const batter = row.batter_id;
    row.is_plate_appearance =
      row.is_complete !== false &&
      (asArray(play.runners) ?? []).some((raw) => {
        const r = asObject(raw);
        return (
          batter !== null &&
          toInt(asObject(asObject(r?.details)?.runner)?.id) === batter &&
          asObject(r?.movement)?.start == null
        );
      });

    applyRunners(bases, play);
    if (firstPitch >= 0) for (const e of events.slice(firstPitch)) substitute(bases, e);
    outs = row.outs ?? outs;
    away = row.away_score ?? away;
    home = row.home_score ?? home;
  }
}

/** Runners left on base after a play: its state when it began, then its runner movements. */
export function runnersOnAfter(row: PlayRow, play: JsonObject): number {
  const bases: Bases = { '1B': row.on_1b_before, '2B': row.on_2b_before, '3B': row.on_3b_before };
  applyRunners(bases, play);
  return BASES.filter((b) => bases[b] !== null).length;
}
