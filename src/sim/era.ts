/**
 * What a season's game bodies contain and which rules it plays by. A past season served by
 * `--history` looks like its era in the real API: the recorded feeds of 2015 and 2019 are the
 * model for the pitch-tracking shapes, the rule book for the rest. Every flag is a pure function
 * of (season, level), so the same seed still yields the same bytes.
 */

/** The pitch-tracking system whose numbers a season's `pitchData` carries. */
export type PitchTracking =
  /** No `pitchData` at all (before PITCHf/x covered every park). */
  | 'none'
  /** PITCHf/x: speeds, `nastyFactor`, breaks without vertical/horizontal break, no plate time or extension. */
  | 'pitchfx'
  /** Statcast (TrackMan): plate time and extension, break angle, no `nastyFactor`. */
  | 'trackman'
  /** Statcast (Hawk-Eye): induced vertical and horizontal break, the strike zone's width and depth. */
  | 'hawkeye';

export interface Era {
  season: number;
  sportId: number;
  pitchTracking: PitchTracking;
  /** `hitData` carries launch speed, launch angle and distance (Statcast). */
  launchData: boolean;
  /** Extra innings of regular-season games start with a runner on second. */
  automaticRunner: boolean;
  /** Both games of a doubleheader are scheduled for seven innings. */
  sevenInningDoubleHeaders: boolean;
  /** Pitch timer: batter timer violations (automatic strikes), disengagement counts and violations. */
  pitchTimer: boolean;
  /** Managers may challenge calls (replay review); before, only umpire reviews of home runs. */
  managerChallenges: boolean;
  /** Every park uses the designated hitter; otherwise only American League parks do. */
  universalDh: boolean;
  /** The shortened 2020 season: 60 games a club against its own region, a 16-club postseason. */
  shortSeason: boolean;
}

/** First season of each era boundary (MLB). */
export const ERA_FIRSTS = {
  pitchfx: 2008,
  launchData: 2015,
  trackman: 2017,
  managerChallenges: 2014,
  automaticRunner: 2020,
  hawkeye: 2022,
  universalDh: 2022,
  pitchTimer: 2023,
} as const;

/** Past seasons the simulator serves at most (`--history`). */
export const MAX_HISTORY = 20;

/** The oldest season the simulator serves (gamePk bands are per season of a century). */
export const OLDEST_SEASON = 2000;

function tracking(season: number): PitchTracking {
  if (season < ERA_FIRSTS.pitchfx) return 'none';
  if (season < ERA_FIRSTS.trackman) return 'pitchfx';
  if (season < ERA_FIRSTS.hawkeye) return 'trackman';
  return 'hawkeye';
}

const cache = new Map<string, Era>();

/**
 * The era of a season at a level. The minor leagues follow their own calendar: the automatic
 * runner from 2018, the pitch timer from 2022, seven-inning doubleheaders and the designated
 * hitter always (as the simulator has always played them there).
 */
export function eraOf(season: number, sportId = 1): Era {
  const key = `${season}:${sportId}`;
  let era = cache.get(key);
  if (era) return era;
  const mlb = sportId === 1;
  era = {
    season,
    sportId,
    pitchTracking: tracking(season),
    launchData: season >= ERA_FIRSTS.launchData,
    automaticRunner: mlb ? season >= ERA_FIRSTS.automaticRunner : season >= 2018,
    sevenInningDoubleHeaders: mlb ? season === 2020 || season === 2021 : true,
    pitchTimer: mlb ? season >= ERA_FIRSTS.pitchTimer : season >= 2022,
    managerChallenges: season >= ERA_FIRSTS.managerChallenges,
    universalDh: !mlb || season === 2020 || season >= ERA_FIRSTS.universalDh,
    shortSeason: mlb && season === 2020,
  };
  cache.set(key, era);
  return era;
}
