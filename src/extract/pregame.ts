import { asArray, asObject, pick, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type {
  PregameLineupRow,
  PregameOfficialRow,
  PregameProbableRow,
  PregameWeatherRow,
  RejectRow,
} from '../db/schema/rows.js';

export interface PregameRows {
  probables: PregameProbableRow[];
  lineups: PregameLineupRow[];
  officials: PregameOfficialRow[];
  weather: PregameWeatherRow[];
}

const SIDES = ['away', 'home'] as const;

/**
 * What a schedule body hydrated with `probablePitcher,lineups,officials,weather` announces of the
 * games not started yet (`status.abstractGameState` Preview): a started or finished game's listing
 * shows what happened, not what was announced, and is left out. A part not announced yet is absent
 * from the body and gives no row. A game listed twice (a makeup date) gives its rows once.
 */
export function extractPregame(body: unknown): Extracted<PregameRows> {
  const out: PregameRows = { probables: [], lineups: [], officials: [], weather: [] };
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  for (const [di, d] of (asArray(pick(body, 'dates')) ?? []).entries()) {
    for (const [gi, raw] of (asArray(pick(d, 'games')) ?? []).entries()) {
      const g = asObject(raw);
      const gamePk = toInt(g?.gamePk);
      if (!g || gamePk === null || gamePk <= 0) {
        rejects.push(reject(null, 'pregame', `dates[${di}].games[${gi}]`, 'game without a gamePk', raw ?? null));
        continue;
      }
      if (pick(g, 'status', 'abstractGameState') !== 'Preview' || seen.has(gamePk)) continue;
      seen.add(gamePk);
      for (const side of SIDES) {
        const p = pick(g, 'teams', side, 'probablePitcher');
        const id = toInt(pick(p, 'id'));
        if (id !== null && id > 0)
          out.probables.push({
            game_pk: gamePk,
            side,
            pitcher_id: id,
            pitcher_name: toText(pick(p, 'fullName')),
            seen_in: 'schedule',
          });
        const players = asArray(pick(g, 'lineups', `${side}Players`)) ?? [];
        players.forEach((player, i) => {
          const pid = toInt(pick(player, 'id'));
          if (pid === null || pid <= 0) {
            rejects.push(
              reject(gamePk, 'pregame_lineups', `lineups.${side}Players[${i}]`, 'player without an id', player ?? null),
            );
            return;
          }
          out.lineups.push({
            game_pk: gamePk,
            side,
            batting_order: i + 1,
            person_id: pid,
            full_name: toText(pick(player, 'fullName')),
            position: toText(pick(player, 'primaryPosition', 'abbreviation')),
          });
        });
      }
      const types = new Set<string>();
      (asArray(g.officials) ?? []).forEach((o, i) => {
        const id = toInt(pick(o, 'official', 'id'));
        const type = toText(pick(o, 'officialType'));
        if (id === null || id <= 0 || type === null || types.has(type)) {
          rejects.push(
            reject(
              gamePk,
              'pregame_officials',
              `officials[${i}]`,
              'official without an id or a position, or a position listed twice',
              o ?? null,
            ),
          );
          return;
        }
        types.add(type);
        out.officials.push({
          game_pk: gamePk,
          official_type: type,
          person_id: id,
          full_name: toText(pick(o, 'official', 'fullName')),
        });
      });
      const w = asObject(g.weather);
      if (w && (w.condition !== undefined || w.temp !== undefined || w.wind !== undefined))
        out.weather.push({
          game_pk: gamePk,
          condition: toText(w.condition),
          temperature: toInt(w.temp),
          wind: toText(w.wind),
        });
    }
  }
  return { rows: out, rejects };
}

/**
 * The probable pitchers a feed/live body names (`gameData.probablePitchers.{away,home}`) while its
 * game is not started (`gameData.status.abstractGameState` Preview: scheduled, warm-up, a delayed
 * start): announcements, as the schedule's are (seen in `feed`). A game under way or over names
 * the pitchers who were announced, but seeing them then says nothing of when they were announced:
 * no row. A side the body does not name (no key, no id) gives no row. The game is the body's own.
 */
export function extractFeedProbables(feedBody: unknown): PregameProbableRow[] {
  const gd = pick(feedBody, 'gameData');
  if (pick(gd, 'status', 'abstractGameState') !== 'Preview') return [];
  const gamePk = toInt(pick(gd, 'game', 'pk')) ?? toInt(pick(feedBody, 'gamePk'));
  if (gamePk === null || gamePk <= 0) return [];
  const out: PregameProbableRow[] = [];
  for (const side of SIDES) {
    const p = pick(gd, 'probablePitchers', side);
    const id = toInt(pick(p, 'id'));
    if (id !== null && id > 0)
      out.push({ game_pk: gamePk, side, pitcher_id: id, pitcher_name: toText(pick(p, 'fullName')), seen_in: 'feed' });
  }
  return out;
}
