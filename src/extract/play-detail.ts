import { asArray, asObject, pick, toBool, toInt, toText, toTimestamp } from './coerce.js';
import { isPitchEvent } from './pitches.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { FieldingCreditRow, PlayActionRow, RunnerRow } from '../db/schema/rows.js';

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
  const plays = asArray(pick(body, 'allPlays')) ?? [];
  for (let i = 0; i < plays.length; i++) {
    // Fields read by name where they are used, not through the shared `pick` (see its comment).
    const p = asObject(plays[i]);
    const atBatIndex = toInt(asObject(p?.about)?.atBatIndex ?? p?.atBatIndex);
    if (atBatIndex === null || seenPlays.has(atBatIndex)) continue;
    seenPlays.add(atBatIndex);
    const runners = asArray(p?.runners) ?? [];
    for (let runnerIndex = 0; runnerIndex < runners.length; runnerIndex++) {
      const raw = runners[runnerIndex];
      const runner = asObject(raw);
      if (!runner) {
        out.rejects.push(
          reject(gamePk, 'runners', `allPlays[${i}].runners[${runnerIndex}]`, 'runner is not an object', raw),
        );
        continue;
      }
      const movement = asObject(runner.movement);
      const details = asObject(runner.details);
      out.rows.runners.push({
        game_pk: gamePk,
        at_bat_index: atBatIndex,
        runner_index: runnerIndex,
        runner_id: toInt(asObject(details?.runner)?.id),
        play_event_index: toInt(details?.playIndex),
        origin_base: toText(movement?.originBase),
        start_base: toText(movement?.start),
        end_base: toText(movement?.end),
        out_base: toText(movement?.outBase),
        is_out: toBool(movement?.isOut),
        out_number: toInt(movement?.outNumber),
        event: toText(details?.event),
        event_type: toText(details?.eventType),
        movement_reason: toText(details?.movementReason),
        is_scoring_event: toBool(details?.isScoringEvent),
        rbi: toBool(details?.rbi),
        earned: toBool(details?.earned),
        team_unearned: toBool(details?.teamUnearned),
        responsible_pitcher_id: toInt(asObject(details?.responsiblePitcher)?.id),
      });
      const credits = asArray(runner.credits) ?? [];
      for (let creditIndex = 0; creditIndex < credits.length; creditIndex++) {
        const credit = asObject(credits[creditIndex]);
        out.rows.fieldingCredits.push({
          game_pk: gamePk,
          at_bat_index: atBatIndex,
          runner_index: runnerIndex,
          credit_index: creditIndex,
          person_id: toInt(asObject(credit?.player)?.id),
          position_code: toText(asObject(credit?.position)?.code),
          credit: toText(credit?.credit),
        });
      }
    }
    const seenEvents = new Set<number>();
    const events = asArray(p?.playEvents) ?? [];
    for (let j = 0; j < events.length; j++) {
      const raw = events[j];
      const event = asObject(raw);
      if (!event || isPitchEvent(event)) continue;
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
        continue;
      }
      seenEvents.add(index);
      const details = asObject(event.details);
      const count = asObject(event.count);
      out.rows.playActions.push({
        game_pk: gamePk,
        at_bat_index: atBatIndex,
        play_event_index: index,
        type: toText(event.type),
        event: toText(details?.event),
        event_type: toText(details?.eventType),
        description: toText(details?.description),
        player_id: toInt(asObject(event.player)?.id),
        position_code: toText(asObject(event.position)?.code),
        is_substitution: toBool(event.isSubstitution),
        balls: toInt(count?.balls),
        strikes: toInt(count?.strikes),
        outs: toInt(count?.outs),
        away_score: toInt(details?.awayScore),
        home_score: toInt(details?.homeScore),
        start_time: toTimestamp(event.startTime),
      });
    }
  }
  return out;
}
