import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/dates.js';
import { createSimulator } from '../../../src/sim/index.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

describe('simulated awards', () => {
  it("each league's MVP is its season leader in total bases (then hits), announced the day after the last regular game", {
    timeout: 180_000,
  }, () => {
    const sim = createSimulator({ seed: 8 });
    const json = (path: string): J => {
      const res = sim.render(path);
      expect(res.status, path).toBe(200);
      return JSON.parse(res.text);
    };
    const lastDay = sim
      .listGames()
      .filter((g) => g.gameType === 'R')
      .reduce((d, g) => (g.officialDate > d ? g.officialDate : d), '');
    // The league's own season totals (summed by the /v1/stats route, not by the award book).
    const splits: J[] = json('/api/v1/stats?stats=season&group=hitting&playerPool=ALL&limit=5000').stats[0].splits;
    for (const [leagueId, prefix] of [
      [103, 'AL'],
      [104, 'NL'],
    ] as const) {
      const ranked = splits
        .filter((s) => s.league.id === leagueId)
        .sort(
          (a, b) => b.stat.totalBases - a.stat.totalBases || b.stat.hits - a.stat.hits || a.player.id - b.player.id,
        );
      const [leader, second] = ranked;
      const mvps = (id: number) =>
        (json(`/api/v1/people/${id}/awards`).awards as J[]).filter((a) => a.id === `${prefix}MVP`);
      expect(mvps(leader.player.id)).toMatchObject([{ date: addDays(lastDay, 1), season: String(sim.season) }]);
      expect(mvps(second.player.id)).toEqual([]);
      // On the last day no MVP is announced yet.
      const now = sim.now();
      sim.setNow(new Date(`${lastDay}T12:00:00Z`));
      expect(mvps(leader.player.id)).toEqual([]);
      sim.setNow(now);
    }
  });
});
