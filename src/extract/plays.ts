import { asArray, asObject, type JsonObject, pick, toBool, toInt, toText, toTimestamp } from './coerce.js';
import { replayBaseState } from './base-state.js';
import { extractPitches, isPitchEvent } from './pitches.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { PitchRow, PlayRow } from '../db/schema/rows.js';

/** Rows of a play-by-play body. */
export interface PlayByPlayRows {
  plays: PlayRow[];
  pitches: PitchRow[];
}

/**
 * Plays and pitches of a /playByPlay body, or of feed/live's `liveData.plays` (same shape:
 * `{allPlays, currentPlay, scoringPlays, playsByInning}`).
 *
 * One play per `allPlays[]` element, keyed by `about.atBatIndex`. A play that is not an object,
 * lacks `about`, an integer atBatIndex or inning, or a top/bottom half, is rejected with path
 * `allPlays[i]` (its pitches with it); a repeated atBatIndex rejects the later play. Pitches: see
 * {@link extractPitches}. Pitches thrown before a mid-plate-appearance pitching change are credited
 * to the previous pitcher of the fielding team, so pitch counts per pitcher match the boxscore.
 */
export function extractPlayByPlay(gamePk: number, body: unknown): Extracted<PlayByPlayRows> {
  const out: Extracted<PlayByPlayRows> = { rows: { plays: [], pitches: [] }, rejects: [] };
  const allPlays = asArray(pick(body, 'allPlays'));
  if (!allPlays) {
    out.rejects.push(reject(gamePk, 'plays', 'allPlays', 'allPlays is missing or not an array', null));
    return out;
  }
  const seen = new Set<number>();
  const lastPitcher = new Map<string, number>();
  const ordered: Array<{ row: PlayRow; play: JsonObject }> = [];
  for (let i = 0; i < allPlays.length; i++) {
    const raw = allPlays[i];
    const path = `allPlays[${i}]`;
    const play = asObject(raw);
    const row = play ? playRow(gamePk, play) : null;
    if (!play || !row || seen.has(row.at_bat_index)) {
      const reason = !play
        ? 'play is not an object'
        : !row
          ? playProblem(play)
          : `duplicate atBatIndex ${row.at_bat_index}`;
      out.rejects.push(reject(gamePk, 'plays', path, reason, raw));
      continue;
    }
    seen.add(row.at_bat_index);
    out.rows.plays.push(row);
    ordered.push({ row, play });
    const priorPitcherId = lastPitcher.get(row.half_inning) ?? null;
    const ctx = {
      gamePk,
      atBatIndex: row.at_bat_index,
      batterId: row.batter_id,
      pitcherId: row.pitcher_id,
      priorPitcherId,
      path,
    };
    const pitches = extractPitches(play, ctx);
    out.rows.pitches.push(...pitches.rows);
    out.rejects.push(...pitches.rejects);
    if (row.pitcher_id !== null) lastPitcher.set(row.half_inning, row.pitcher_id);
  }
  replayBaseState(ordered);
  return out;
}

/** Why a play object cannot become a row. */
function playProblem(play: JsonObject): string {
  const about = asObject(play.about);
  if (!about) return 'play without about';
  if (toInt(about.atBatIndex ?? play.atBatIndex) === null) return 'play without an integer about.atBatIndex';
  if (toInt(about.inning) === null) return 'play without an integer about.inning';
  return 'play without about.halfInning top/bottom';
}

/** `about.halfInning` ('top'/'bottom'), else derived from `about.isTopInning`. */
function halfInning(about: JsonObject): 'top' | 'bottom' | null {
  const half = about.halfInning;
  if (half === 'top' || half === 'bottom') return half;
  if (typeof about.isTopInning === 'boolean') return about.isTopInning ? 'top' : 'bottom';
  return null;
}

/** Runners who scored on the play (`movement.end === 'score'` or `details.isScoringEvent`). */
function runsScored(play: JsonObject): number {
  let runs = 0;
  for (const raw of asArray(play.runners) ?? []) {
    const r = asObject(raw);
    if (asObject(r?.movement)?.end === 'score' || asObject(r?.details)?.isScoringEvent === true) runs++;
  }
  return runs;
}

/** Map one play, or null when it is malformed (see {@link playProblem}). */
export function playRow(gamePk: number, play: JsonObject): PlayRow | null {
  const about = asObject(play.about);
  const atBatIndex = toInt(about?.atBatIndex ?? play.atBatIndex);
  const inning = toInt(about?.inning);
  const half = about ? halfInning(about) : null;
  if (!about || atBatIndex === null || inning === null || half === null) return null;
  // Fields read by name where they are used, not through the shared `pick` (see its comment).
  const result = asObject(play.result);
  const matchup = asObject(play.matchup);
  const count = asObject(play.count);
  return {
    game_pk: gamePk,
    at_bat_index: atBatIndex,
    inning,
    half_inning: half,
    batter_id: toInt(asObject(matchup?.batter)?.id),
    pitcher_id: toInt(asObject(matchup?.pitcher)?.id),
    bat_side: toText(asObject(matchup?.batSide)?.code),
    pitch_hand: toText(asObject(matchup?.pitchHand)?.code),
    event: toText(result?.event),
    event_type: toText(result?.eventType),
    description: toText(result?.description),
    rbi: toInt(result?.rbi),
    away_score: toInt(result?.awayScore),
    home_score: toInt(result?.homeScore),
    is_out: toBool(result?.isOut),
    is_scoring_play: toBool(about.isScoringPlay),
    has_review: toBool(about.hasReview),
    is_complete: toBool(about.isComplete),
    balls: toInt(count?.balls),
    strikes: toInt(count?.strikes),
    outs: toInt(count?.outs),
    runs_scored: runsScored(play),
    pitch_count: (asArray(play.playEvents) ?? []).filter(isPitchEvent).length,
    start_time: toTimestamp(about.startTime),
    end_time: toTimestamp(about.endTime) ?? toTimestamp(play.playEndTime),
    // Filled by replayBaseState, which needs the plays before this one.
    outs_before: null,
    on_1b_before: null,
    on_2b_before: null,
    on_3b_before: null,
    away_score_before: null,
    home_score_before: null,
    is_plate_appearance: false,
  };
}
