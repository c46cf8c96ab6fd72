import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../../src/sim/data/teams.js';
import { eraOf } from '../../../src/sim/era.js';
import { createSimulator, type Simulator } from '../../../src/sim/index.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { keyPaths } from '../../helpers/shape.js';
import { isMinorLeagueFeed } from '../../helpers/shape-allow.js';

// biome-ignore lint/suspicious/noExplicitAny: simulator bodies are untyped JSON
type Json = any;

const sims = new Map<number, Simulator>();
/** One simulator per season (its era depends on the season alone). */
function simOf(season: number): Simulator {
  let sim = sims.get(season);
  if (!sim) {
    sim = createSimulator({ seed: 41, season, shareModel: false });
    sims.set(season, sim);
  }
  return sim;
}
const json = (sim: Simulator, path: string): Json => JSON.parse(sim.render(`/api${path}`).text);

function regularSchedule(season: number): Json[] {
  const body = json(simOf(season), `/v1/schedule?sportId=1&season=${season}&gameType=R`);
  // Once each: a postponed game is listed on its original date too, a suspended one on both dates.
  const byPk = new Map<number, Json>();
  for (const g of body.dates.flatMap((d: Json) => d.games)) byPk.set(g.gamePk, g);
  return [...byPk.values()];
}

/** Feeds of a few final regular-season games of a season (the same pick every run). */
function feeds(season: number, n = 6): Json[] {
  const sim = simOf(season);
  const games = regularSchedule(season).filter((g) => g.status.codedGameState === 'F');
  return Array.from({ length: n }, (_, i) => games[Math.floor(((i + 0.5) * games.length) / n)]).map((g) =>
    json(sim, `/v1.1/game/${g.gamePk}/feed/live`),
  );
}

/** Key paths of every `pitchData` and `hitData` of some feeds, relative to the object. */
function trackingPaths(bodies: Json[], key: 'pitchData' | 'hitData'): Set<string> {
  const out = new Set<string>();
  for (const b of bodies)
    for (const p of b.liveData.plays.allPlays) for (const e of p.playEvents) if (e[key]) keyPaths(e[key], out, key);
  return out;
}

describe('simulated eras', () => {
  it('2020 is 60 games a club inside three regions, doubleheaders of seven innings, 16 clubs in the postseason', {
    timeout: 300_000,
  }, () => {
    const games = regularSchedule(2020);
    const region: Record<number, number> = { 201: 0, 204: 0, 202: 1, 205: 1, 200: 2, 203: 2 };
    const regionOf = new Map(TEAMS.map((t) => [t.id, region[t.divisionId]]));
    const perClub = new Map<number, number>();
    for (const g of games)
      for (const side of ['away', 'home'])
        perClub.set(g.teams[side].team.id, (perClub.get(g.teams[side].team.id) ?? 0) + 1);
    expect([...new Set(perClub.values())]).toEqual([60]);
    expect(perClub.size).toBe(30);
    expect(games.filter((g) => regionOf.get(g.teams.away.team.id) !== regionOf.get(g.teams.home.team.id))).toEqual([]);
    expect(games.map((g) => g.officialDate).sort()[0]).toBe('2020-07-23');
    const dh = games.filter((g) => g.doubleHeader !== 'N');
    expect(dh.length).toBeGreaterThan(0);
    expect(new Set(dh.map((g) => g.scheduledInnings))).toEqual(new Set([7]));

    const sim = simOf(2020);
    const post = sim.listGames().filter((g) => g.season === 2020 && !['S', 'R'].includes(g.gameType));
    const wildCard = json(sim, `/v1/schedule?sportId=1&season=2020&gameType=F`)
      .dates.flatMap((d: Json) => d.games)
      .map((g: Json) => [g.teams.away.team.id, g.teams.home.team.id].sort().join('-'));
    expect(new Set(wildCard).size).toBe(8);
    expect(post.some((g) => g.gameType === 'W')).toBe(true);
  });

  it('seven-inning doubleheaders only in 2020–2021; the wild-card round by era', { timeout: 300_000 }, () => {
    for (const season of [2019, 2021, 2022]) {
      const dh = regularSchedule(season).filter((g) => g.doubleHeader !== 'N');
      expect({ season, innings: [...new Set(dh.map((g) => g.scheduledInnings))] }).toEqual({
        season,
        innings: [season === 2021 ? 7 : 9],
      });
    }
    const wildCardGames = (season: number) =>
      simOf(season)
        .listGames()
        .filter((g) => g.gameType === 'F').length;
    expect(wildCardGames(2011)).toBe(0);
    expect(wildCardGames(2019)).toBe(2);
  });

  it('pitchData from 2008, launch numbers from 2015, placed runners from 2020, pitch-timer events from 2023', {
    timeout: 300_000,
  }, () => {
    for (const season of [2007, 2012, 2016, 2019, 2021, 2023]) {
      const bodies = feeds(season);
      const events = bodies.flatMap((b) => b.liveData.plays.allPlays.flatMap((p: Json) => p.playEvents));
      const pitches = events.filter((e: Json) => e.isPitch);
      const hits = events.filter((e: Json) => e.hitData);
      const era = eraOf(season);
      expect({
        season,
        pitchData: pitches.every((e: Json) => e.pitchData),
        noPitchData: pitches.every((e: Json) => !e.pitchData && !e.details.type),
        launch: hits.length > 0 && hits.every((e: Json) => typeof e.hitData.launchSpeed === 'number'),
        noLaunch: hits.every((e: Json) => e.hitData.launchSpeed === undefined && e.hitData.launchAngle === undefined),
        timerOutsideItsEra:
          !era.pitchTimer &&
          events.some((e: Json) => e.details?.code === 'AC' || e.details?.eventType === 'forced_balk'),
        disengagements: events.some((e: Json) => e.details?.disengagementNum !== undefined),
      }).toEqual({
        season,
        pitchData: era.pitchTracking !== 'none',
        noPitchData: era.pitchTracking === 'none',
        launch: era.launchData,
        noLaunch: !era.launchData,
        timerOutsideItsEra: false,
        disengagements: era.pitchTimer,
      });
    }
    const placed = (season: number) =>
      feeds(season, 40).flatMap((b) =>
        b.liveData.plays.allPlays.flatMap((p: Json) =>
          p.playEvents.filter((e: Json) => e.details?.eventType === 'runner_placed'),
        ),
      ).length;
    expect(placed(2019)).toBe(0);
    expect(placed(2020)).toBeGreaterThan(0);
  });

  it('the pitcher bats in National League parks before 2022 (2020 aside), never in American League parks', {
    timeout: 300_000,
  }, () => {
    for (const season of [2016, 2020, 2022]) {
      const sim = simOf(season);
      const games = regularSchedule(season)
        .filter((g) => g.status.codedGameState === 'F')
        .slice(400, 440);
      let nl = 0;
      let al = 0;
      for (const g of games) {
        const box = json(sim, `/v1/game/${g.gamePk}/boxscore`);
        const pitchersBatting = ['away', 'home'].flatMap((side) =>
          box.teams[side].battingOrder.filter(
            (id: number) => box.teams[side].players[`ID${id}`].position.abbreviation === 'P',
          ),
        ).length;
        const homeLeague = TEAMS.find((t) => t.id === g.teams.home.team.id)!.leagueId;
        if (homeLeague === 104) nl += pitchersBatting === 2 ? 1 : 0;
        else al += pitchersBatting;
      }
      expect({ season, nlGamesWithPitchersBatting: nl > 0, al }).toEqual({
        season,
        nlGamesWithPitchersBatting: !eraOf(season).universalDh,
        al: 0,
      });
    }
  });
});

describeRecorded('simulated eras look like the recorded feeds of their season', () => {
  const recorded = fixtureBodies('liveGameV1').filter(
    (f) => !isMinorLeagueFeed(f.body) && /_\d{4}R_final/.test(f.file),
  );
  for (const season of [2015, 2019]) {
    it(`${season}: pitchData and hitData carry the recorded keys, no more`, { timeout: 120_000 }, () => {
      const bodies = recorded.filter((f) => f.file.includes(`_${season}R_`)).map((f) => f.body);
      expect(bodies.length).toBeGreaterThan(0);
      const sim = feeds(season);
      for (const key of ['pitchData', 'hitData'] as const)
        expect({ key, paths: [...trackingPaths(sim, key)].sort() }).toEqual({
          key,
          paths: [...trackingPaths(bodies, key)].sort(),
        });
    });
  }
});
