import {
  absChallengesFromReviews,
  extractBoxscore,
  extractGameDetail,
  extractPlayByPlay,
  extractPlayDetail,
  extractReviews,
} from '../../src/extract/index.js';

/** Every row extraction makes of one game's two bodies, by table, with all their rejects. */
export function gameRowsOf(gamePk: number, boxscore: unknown, playByPlay: unknown) {
  const box = extractBoxscore(gamePk, boxscore);
  const pbp = extractPlayByPlay(gamePk, playByPlay);
  const detail = extractPlayDetail(gamePk, playByPlay);
  const game = extractGameDetail(gamePk, boxscore, playByPlay, pbp.rows.plays);
  const reviews = extractReviews(gamePk, playByPlay);
  // biome-ignore lint/suspicious/noExplicitAny: the teams of an untyped body
  const teams = (boxscore as any)?.teams;
  const absChallenges = absChallengesFromReviews(gamePk, reviews.rows, {
    away: teams?.away?.team?.id ?? null,
    home: teams?.home?.team?.id ?? null,
  });
  return {
    reviews: reviews.rows,
    absChallenges,
    ...box.rows,
    ...pbp.rows,
    ...detail.rows,
    ...game.rows,
    rejects: [...box.rejects, ...pbp.rejects, ...detail.rejects, ...game.rejects, ...reviews.rejects],
  };
}
