import { extractBoxscore, extractGameDetail, extractPlayByPlay, extractPlayDetail } from '../../src/extract/index.js';

/** Every row extraction makes of one game's two bodies, by table, with all their rejects. */
export function gameRowsOf(gamePk: number, boxscore: unknown, playByPlay: unknown) {
  const box = extractBoxscore(gamePk, boxscore);
  const pbp = extractPlayByPlay(gamePk, playByPlay);
  const detail = extractPlayDetail(gamePk, playByPlay);
  const game = extractGameDetail(gamePk, boxscore, playByPlay, pbp.rows.plays);
  return {
    ...box.rows,
    ...pbp.rows,
    ...detail.rows,
    ...game.rows,
    rejects: [...box.rejects, ...pbp.rejects, ...detail.rejects, ...game.rejects],
  };
}
