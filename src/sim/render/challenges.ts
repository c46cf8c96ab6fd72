/** A game's challenge counts as gameData states them: manager challenges (`review`) and ABS ones (`absChallenges`). */

import { ABS_CHALLENGES_PER_GAME, playsAbs } from '../engine/abs.js';
import { managerChallenges } from '../engine/reviews.js';
import type { GameView } from '../game-view.js';
import type { League, PlayReview } from '../types.js';

/**
 * `gameData.review`: per side, the manager challenges shown so far (a successful one is kept).
 * Counts only plays the feed shows as complete, the ones whose review it renders.
 */
export function reviewCounts(view: GameView) {
  const used = new Map<number, { used: number; failed: number }>();
  const count = (r: PlayReview) => {
    if (!r.challengeTeamId) return;
    const u = used.get(r.challengeTeamId) ?? { used: 0, failed: 0 };
    u.used += 1;
    if (!r.overturned) u.failed += 1;
    used.set(r.challengeTeamId, u);
  };
  view.plays.forEach((p, i) => {
    if (!p.review || (i === view.plays.length - 1 && !view.lastComplete)) return;
    for (const r of [p.review, ...(p.review.additional ?? [])]) count(r);
  });
  const base = managerChallenges(view.g.gameType);
  const side = (teamId: number) => {
    const u = used.get(teamId) ?? { used: 0, failed: 0 };
    return { used: u.used, remaining: Math.max(0, base - u.failed) };
  };
  return { hasChallenges: used.size > 0, away: side(view.g.awayId), home: side(view.g.homeId) };
}

/**
 * `gameData.absChallenges` of a game under the ABS rule (2026 on), else undefined: per side, the
 * challenges that succeeded, failed, and the ones left. Every challenged pitch of the view is shown
 * (on the pitch, or on the play it ended), so all are counted.
 */
export function absChallengeCounts(league: League, view: GameView) {
  if (!playsAbs(league)) return undefined;
  const counts = new Map<number, { usedSuccessful: number; usedFailed: number }>();
  for (const play of view.plays)
    for (const ev of play.events) {
      if (ev.kind !== 'pitch' || !ev.abs) continue;
      const c = counts.get(ev.abs.teamId) ?? { usedSuccessful: 0, usedFailed: 0 };
      if (ev.abs.overturned) c.usedSuccessful += 1;
      else c.usedFailed += 1;
      counts.set(ev.abs.teamId, c);
    }
  const side = (teamId: number) => {
    const c = counts.get(teamId) ?? { usedSuccessful: 0, usedFailed: 0 };
    return { ...c, remaining: Math.max(0, ABS_CHALLENGES_PER_GAME - c.usedFailed) };
  };
  return { hasChallenges: true, away: side(view.g.awayId), home: side(view.g.homeId) };
}
