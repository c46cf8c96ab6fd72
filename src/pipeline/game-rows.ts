import type { GameRows, Rows } from '../db/queries/game-rows.js';
import {
  battingLines,
  fieldingCredits,
  fieldingLines,
  gameOfficials,
  games as gamesTable,
  linescoreInnings,
  pitches,
  pitchingLines,
  playActions,
  plays,
  playWinProbability,
  runners,
} from '../db/schema/index.js';
import {
  extractBoxscore,
  extractGameDetail,
  extractPlayByPlay,
  extractPlayDetail,
  extractWinProbability,
  type RejectRow,
} from '../extract/index.js';

import { createRowValidator } from '../db/validate-rows.js';

/** The validators of a game's tables: every integer column there is a count, an index or an id. */
const VALIDATORS = {
  plays: createRowValidator(plays, { nonNegative: true }),
  pitches: createRowValidator(pitches, { nonNegative: true }),
  battingLines: createRowValidator(battingLines, { nonNegative: true }),
  pitchingLines: createRowValidator(pitchingLines, { nonNegative: true }),
  runners: createRowValidator(runners, { nonNegative: true }),
  fieldingCredits: createRowValidator(fieldingCredits, { nonNegative: true }),
  playActions: createRowValidator(playActions, { nonNegative: true }),
  fieldingLines: createRowValidator(fieldingLines, { nonNegative: true }),
  officials: createRowValidator(gameOfficials, { nonNegative: true }),
  linescoreInnings: createRowValidator(linescoreInnings, { nonNegative: true }),
} as const;
const GAME_CONTEXT = createRowValidator(gamesTable, { nonNegative: true, signed: ['temperature_f'] });
const WIN_PROBABILITY = createRowValidator(playWinProbability, { nonNegative: true });

/**
 * Extract every derived row of a game from its two bodies (pure), each checked against its
 * table's column types: a bad value is nulled or its row rejected, with a reject row saying which,
 * so the rest of the game loads (see db/validate-rows.ts).
 */
export function extractGameRows(gamePk: number, boxscore: unknown, playByPlay: unknown, winProbability?: unknown): GameRows {
  const raw = extractRawGameRows(gamePk, boxscore, playByPlay);
  const rejected: RejectRow[] = [...raw.rejects];
  const checked = (key: keyof typeof VALIDATORS): Rows => {
    const { rows, rejects: bad } = VALIDATORS[key].validate(raw[key]);
    rejected.push(...bad);
    return rows;
  };
  const context = GAME_CONTEXT.validate([raw.gameContext], { partial: true });
  rejected.push(...context.rejects);
  let winRows: Rows | undefined;
  if (winProbability !== undefined) {
    const extracted = extractWinProbability(gamePk, winProbability);
    const { rows, rejects: bad } = WIN_PROBABILITY.validate(extracted.rows as unknown as Rows);
    rejected.push(...extracted.rejects, ...bad);
    winRows = rows;
  }
  return {
    plays: checked('plays'),
    pitches: checked('pitches'),
    battingLines: checked('battingLines'),
    pitchingLines: checked('pitchingLines'),
    runners: checked('runners'),
    fieldingCredits: checked('fieldingCredits'),
    playActions: checked('playActions'),
    fieldingLines: checked('fieldingLines'),
    officials: checked('officials'),
    linescoreInnings: checked('linescoreInnings'),
    gameContext: context.rows[0] ?? { game_pk: gamePk },
    ...(winRows ? { winProbability: winRows } : {}),
    rejects: rejected,
  };
}

function extractRawGameRows(gamePk: number, boxscore: unknown, playByPlay: unknown): GameRows {
  const box = extractBoxscore(gamePk, boxscore);
  const pbp = extractPlayByPlay(gamePk, playByPlay);
  const play = extractPlayDetail(gamePk, playByPlay);
  const game = extractGameDetail(gamePk, boxscore, playByPlay, pbp.rows.plays);
  const rows = (r: readonly object[]) => r as unknown as Rows;
  return {
    plays: rows(pbp.rows.plays),
    pitches: rows(pbp.rows.pitches),
    battingLines: rows(box.rows.battingLines),
    pitchingLines: rows(box.rows.pitchingLines),
    runners: rows(play.rows.runners),
    fieldingCredits: rows(play.rows.fieldingCredits),
    playActions: rows(play.rows.playActions),
    fieldingLines: rows(game.rows.fieldingLines),
    officials: rows(game.rows.officials),
    linescoreInnings: rows(game.rows.linescoreInnings),
    gameContext: { ...game.rows.gameContext },
    rejects: [...box.rejects, ...pbp.rejects, ...play.rejects, ...game.rejects],
  };
}
