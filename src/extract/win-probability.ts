import { asArray, asObject, pick, toInt, toNum, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { RejectRow, WinProbabilityRow } from '../db/schema/rows.js';

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Rows of a `/v1/game/{pk}/winProbability` body (a bare array of plays): the home win probability
 * after each play, what the play added, the probability before it (after − added) and the leverage
 * index. A play without an `atBatIndex` is rejected, and so is a second entry of one index.
 */
export function extractWinProbability(gamePk: number, body: unknown): Extracted<WinProbabilityRow[]> {
  const rows: WinProbabilityRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(body) ?? []).forEach((raw, i) => {
    const play = asObject(raw);
    const atBatIndex = toInt(play?.atBatIndex ?? pick(play, 'about', 'atBatIndex'));
    if (!play || atBatIndex === null || atBatIndex < 0) {
      rejects.push(reject(gamePk, 'play_win_probability', `[${i}]`, 'play without an atBatIndex', raw ?? null));
      return;
    }
    if (seen.has(atBatIndex)) {
      rejects.push(
        reject(
          gamePk,
          'play_win_probability',
          `[${i}]`,
          `atBatIndex ${atBatIndex} listed twice; the first is kept`,
          null,
        ),
      );
      return;
    }
    seen.add(atBatIndex);
    const after = toNum(play.homeTeamWinProbability);
    const added = toNum(play.homeTeamWinProbabilityAdded);
    rows.push({
      game_pk: gamePk,
      at_bat_index: atBatIndex,
      inning: toInt(pick(play, 'about', 'inning')),
      half_inning: toText(pick(play, 'about', 'halfInning')),
      batter_id: toInt(pick(play, 'matchup', 'batter', 'id')),
      pitcher_id: toInt(pick(play, 'matchup', 'pitcher', 'id')),
      home_win_probability_before: after !== null && added !== null ? round(after - added) : null,
      home_win_probability: after,
      away_win_probability: toNum(play.awayTeamWinProbability),
      home_win_probability_added: added,
      leverage_index: toNum(play.leverageIndex),
    });
  });
  return { rows, rejects };
}
