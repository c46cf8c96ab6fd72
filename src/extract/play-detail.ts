import { asArray, asObject, pick, toBool, toInt, toText, toTimestamp } from './coerce.js';
import { isPitchEvent } from './pitches.js';
import { reject } from './rejects.js';
import type { Extracted, FieldingCreditRow, PlayActionRow, RunnerRow } from './types.js';

/** Runner, fielding-credit and action rows of a play-by-play body. */
export interface PlayDetailRows {
  runners: RunnerRow[];
  fieldingCredits: FieldingCreditRow[];
  playActions: PlayActionRow[];
}

/**
 * Every `runners[]` entry of every play, in order (`runner_index` = position in the array), with
 * its `credits[]` (`credit_index` likewise), and every non-pitch `playEvents[]` entry (actions,
 * pickoffs, step-offs, no-pitches) keyed by `event.index ?? position`, as the pitches are. Plays
 * without an integer atBatIndex are skipped (extractPlayByPlay rejects them); an entry that is not
 * an object, or an action whose index repeats, is rejected.
 */
export function extractPlayDetail(gamePk: number, body: unknown): Extracted<PlayDetailRows> {
  const out: Extracted<PlayDetailRows> = { rows: { runners: [], fieldingCredits: [], playActions: [] }, rejects: [] };
  const seenPlays = new Set<number>();
  (asArray(pick(body, 'allPlays')) ?? []).forEach((play, i) => {
    const atBatIndex = toInt(pick(play, 'about', 'atBatIndex') ?? pick(play, 'atBatIndex'));
    if (atBatIndex === null || seenPlays.has(atBatIndex)) return;
    seenPlays.add(atBatIndex);
    (asArray(pick(play, 'runners')) ?? []).forEach((raw, runnerIndex) => {
      const runner = asObject(raw);
      if (!runner) {
        out.rejects.push(
          reject(gamePk, 'runners', `allPlays[${i}].runners[${runnerIndex}]`, 'runner is not an object', raw),
        );
        return;
      }
      const movement = runner.movement;
      const details = runner.details;
      out.rows.runners.push({
        game_pk: gamePk,
        at_bat_index: atBatIndex,
        runner_index: runnerIndex,
        runner_id: toInt(pick(details, 'runner', 'id')),
        play_event_index: toInt(pick(details, 'playIndex')),
        origin_base: toText(pick(movement, 'originBase')),
        start_base: toText(pick(movement, 'start')),
        end_base: toText(pick(movement, 'end')),
        out_base: toText(pick(movement, 'outBase')),
        is_out: toBool(pick(movement, 'isOut')),
        out_number: toInt(pick(movement, 'outNumber')),
        event: toText(pick(details, 'event')),
        event_type: toText(pick(details, 'eventType')),
        movement_reason: toText(pick(details, 'movementReason')),
        is_scoring_event: toBool(pick(details, 'isScoringEvent')),
        rbi: toBool(pick(details, 'rbi')),
        earned: toBool(pick(details, 'earned')),
        team_unearned: toBool(pick(details, 'teamUnearned')),
        responsible_pitcher_id: toInt(pick(details, 'responsiblePitcher', 'id')),
      });
      (asArray(runner.credits) ?? []).forEach((credit, creditIndex) => {
        out.rows.fieldingCredits.push({
          game_pk: gamePk,
          at_bat_index: atBatIndex,
          runner_index: runnerIndex,
          credit_index: creditIndex,
          person_id: toInt(pick(credit, 'player', 'id')),
          position_code: toText(pick(credit, 'position', 'code')),
          credit: toText(pick(credit, 'credit')),
        });
      });
    });
    const seenEvents = new Set<number>();
    (asArray(pick(play, 'playEvents')) ?? []).forEach((raw, j) => {
      const event = asObject(raw);
      if (!event || isPitchEvent(event)) return;
      const index = event.index === undefined || event.index === null ? j : toInt(event.index);
      if (index === null || index < 0 || seenEvents.has(index)) {
        out.rejects.push(
          reject(
            gamePk,
            'play_actions',
            `allPlays[${i}].playEvents[${j}]`,
            'play event index is missing or repeated',
            raw,
          ),
        );
        return;
      }
      seenEvents.add(index);
      const details = event.details;
      out.rows.playActions.push({
        game_pk: gamePk,
        at_bat_index: atBatIndex,
        play_event_index: index,
        type: toText(event.type),
        event: toText(pick(details, 'event')),
        event_type: toText(pick(details, 'eventType')),
        description: toText(pick(details, 'description')),
        player_id: toInt(pick(event, 'player', 'id')),
        position_code: toText(pick(event, 'position', 'code')),
        is_substitution: toBool(event.isSubstitution),
        balls: toInt(pick(event, 'count', 'balls')),
        strikes: toInt(pick(event, 'count', 'strikes')),
        outs: toInt(pick(event, 'count', 'outs')),
        away_score: toInt(pick(details, 'awayScore')),
        home_score: toInt(pick(details, 'homeScore')),
        start_time: toTimestamp(event.startTime),
      });
    });
  });
  return out;
}
