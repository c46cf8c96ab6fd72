/** Shared model types of the simulator: league, schedule and the play log a simulated game produces. */

import type { TeamInfo, VenueInfo } from './data/teams.js';

export type Hand = 'L' | 'R';

/** A pitch type with its usage weight in a pitcher's repertoire. */
export interface PitchMix {
  code: string;
  weight: number;
  /** Speed relative to the pitcher's fastball (mph offset). */
  speedDelta: number;
}

/** A person: player, umpire, official scorer or datacaster. */
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  middleName?: string;
  useName: string;
  useLastName: string;
  boxscoreName: string;
  nickName?: string;
  pronunciation?: string;
  nameSuffix?: string;
  nameMatrilineal?: string;
  nameTitle?: string;
  birthDate: string;
  birthCity: string;
  birthStateProvince?: string;
  birthCountry: string;
  heightIn: number;
  weight: number;
  bats: Hand | 'S';
  throws: Hand;
  /** Primary position code: "1" pitcher … "10" DH, "Y" two-way; "U" umpire; "" for staff. */
  position: string;
  primaryNumber: string;
  mlbDebutDate?: string;
  draftYear?: number;
  isPlayer: boolean;
  isVerified: boolean;
  /** Level a minor leaguer or minor-league official belongs to (absent: MLB). */
  sportId?: number;
  /** Team the person starts the season with (0 for officials). */
  teamId: number;
  /** Roster status code at season start: A, 40M, D10, D60, MIN; "" for officials. */
  rosterStatus: string;
  /** When the record was last edited before any simulated change (epoch ms). */
  updatedAtMs: number;
  role: 'SP' | 'RP' | 'POS' | 'UMP' | 'SCORER' | 'CASTER';
  // Ratings in [0, 1]; batting for everyone, pitching for pitchers.
  contact: number;
  power: number;
  eye: number;
  speed: number;
  glove: number;
  stuff: number;
  control: number;
  /** Pitches a pitcher can throw before he is removed (starter) or per outing (reliever). */
  stamina: number;
  /** Four-seam velocity in mph. */
  velo: number;
  repertoire: PitchMix[];
  szTop: number;
  szBot: number;
}

/** How a club sets up on a given day. */
export interface TeamDepth {
  rotation: number[];
  /** Relievers, closer first, then setup men, then the rest. */
  bullpen: number[];
  /** Starting nine by position code 2..10 (C, 1B, 2B, 3B, SS, LF, CF, RF, DH). */
  starters: Record<string, number>;
  /** Preferred batting order of the starting nine (person ids). */
  order: number[];
  /** Active position players who are not everyday starters. */
  bench: number[];
  backupCatcher: number;
}

export interface League {
  seed: number;
  season: number;
  /** 1 (MLB) or a minor-league level (11–14). */
  sportId: number;
  teams: readonly TeamInfo[];
  teamById: ReadonlyMap<number, TeamInfo>;
  venues: readonly VenueInfo[];
  venueById: ReadonlyMap<number, VenueInfo>;
  people: readonly Person[];
  personById: ReadonlyMap<number, Person>;
  /** Active 26 and the rest of the 40-man roster per team. */
  rosters: ReadonlyMap<number, { active: number[]; reserve: number[] }>;
  depth: ReadonlyMap<number, TeamDepth>;
  /** A club's active players on a date (its opening-day active list, changed by promotions, options and rehab assignments). */
  activeAt(teamId: number, date: string): readonly number[];
  /** A club's depth chart on a date (the opening-day chart with the day's roster moves swapped in). */
  depthAt(teamId: number, date: string): TeamDepth;
  /** Umpire crews of four (HP, 1B, 2B, 3B). */
  umpireCrews: number[][];
  scorerByTeam: ReadonlyMap<number, number>;
  casterByTeam: ReadonlyMap<number, number>;
}

export type GameType = 'S' | 'R' | 'F' | 'D' | 'L' | 'W';

/** One scheduled game of the season, with the disruptions that happen to it. */
export interface SchedGame {
  gamePk: number;
  gameType: GameType;
  season: number;
  awayId: number;
  homeId: number;
  venueId: number;
  /** Date the game was first scheduled for (YYYY-MM-DD, local). */
  originalDate: string;
  /** First scheduled start (epoch ms, UTC). */
  originalStartMs: number;
  /** The date it is played/counted for and its start (differ from original when postponed). */
  officialDate: string;
  startMs: number;
  dayNight: 'day' | 'night';
  doubleHeader: 'N' | 'Y' | 'S';
  gameNumber: number;
  seriesNumberAway: number;
  seriesNumberHome: number;
  gamesInSeries: number;
  seriesGameNumber: number;
  seriesDescription: string;
  description?: string;
  ifNecessary: boolean;
  scheduledInnings: number;
  /** Game index within each team's season (0-based), used for rotations and rest days. */
  awayGameIndex: number;
  homeGameIndex: number;
  postponed?: {
    announcedMs: number;
    reason: string;
    statusCode: string;
    /** Doubleheader flags at the original slot, kept for the original listing. */
    originalDoubleHeader: 'N' | 'Y' | 'S';
    originalGameNumber: number;
  };
  suspended?: { afterHalfInnings: number; resumeDate: string; resumeStartMs: number; reason: string };
  cancelled?: { announcedMs: number; reason: string };
}

export type BaseNum = 0 | 1 | 2 | 3 | 4; // 0 = home (batter), 4 = scored

export interface Credit {
  player: number;
  pos: string;
  credit: string;
}

/** One runner movement within a play (the batter is a runner too). */
export interface RunnerMove {
  runner: number;
  /** Base the runner stood on when the play began (0 = batter, null in JSON). */
  origin: BaseNum;
  start: BaseNum;
  /** 1..3, 4 = scored, 0 = out. */
  end: BaseNum;
  outBase: BaseNum;
  isOut: boolean;
  outNumber: number;
  event: string;
  eventType: string;
  reason: string | null;
  responsiblePitcher: number;
  rbi: boolean;
  earned: boolean;
  teamUnearned: boolean;
  playIndex: number;
  credits: Credit[];
}

export interface PitchEv {
  kind: 'pitch';
  type: string;
  call: string;
  pitcher: number;
  pitchNumber: number;
  /** An ABS challenge of this call (2026 on): who asked, for which club, and whether it was overturned. */
  abs?: { challengerId: number; teamId: number; overturned: boolean };
}

export interface ActionEv {
  kind: 'action';
  eventType: string;
  player: number;
  isSub?: boolean;
  position?: string;
  battingOrder?: string;
  replaced?: number;
  /** Base of a pinch runner's substitution. */
  base?: number;
  isBaseRunning?: boolean;
  isOut?: boolean;
  /** Extra text for advisories ("Status Change - Pre-Game"). */
  text?: string;
  review?: boolean;
}

export interface PickoffEv {
  kind: 'pickoff';
  base: 1 | 2;
  /** The pitcher's disengagements in this plate appearance so far, this one included (pitch-timer rule). */
  disengagementNum: number;
}

export interface NoPitchEv {
  kind: 'no_pitch';
  call: string;
  pitchNumber: number;
  player: number;
}

export type EvBody = PitchEv | ActionEv | PickoffEv | NoPitchEv;

export type Ev = EvBody & {
  startMs: number;
  endMs: number;
  balls: number;
  strikes: number;
  outs: number;
  awayScore: number;
  homeScore: number;
};

/** Batted-ball facts the engine decides (speeds/angles are rendered from them). */
export interface BattedBall {
  trajectory: 'ground_ball' | 'line_drive' | 'fly_ball' | 'popup' | 'bunt_grounder';
  /** Fielder position code who fielded it ("1".."9"). */
  location: string;
  hardness: 'soft' | 'medium' | 'hard';
}

export interface Play {
  ab: number;
  inning: number;
  top: boolean;
  batter: number;
  pitcher: number;
  batSide: Hand;
  pitchHand: Hand;
  events: Ev[];
  runners: RunnerMove[];
  eventType: string;
  rbi: number;
  awayScore: number;
  homeScore: number;
  isOut: boolean;
  outsBefore: number;
  outs: number;
  balls: number;
  strikes: number;
  startMs: number;
  endMs: number;
  /** Runners on 1B, 2B, 3B before the play (0 = empty). */
  basesBefore: [number, number, number];
  /** Runners on 1B, 2B, 3B after the play (0 = empty). */
  basesAfter: [number, number, number];
  batted?: BattedBall;
  /** Fielders at the time of the play, by position code 1..9. */
  fielders: Record<string, number>;
  review?: PlayReview;
  /** Scoring change applied to this play (description prefix). */
  corrected?: string;
}

/** A review of a play: a manager's challenge (with the team) or an umpire's own review. */
export interface PlayReview {
  /** A code of the `reviewReasons` list (`MA` tag play, `MC` force play, `MI` hit by pitch, `NH` home run…). */
  type: string;
  overturned: boolean;
  challengeTeamId?: number;
  /** More reviews of the same play (the other manager's challenge). */
  additional?: PlayReview[];
}

/** Starting assignment of a team for one game. */
export interface LineupSlot {
  id: number;
  pos: string;
}

/** Everything a simulated game produced. */
export interface GameLog {
  gamePk: number;
  plays: Play[];
  lineups: { away: LineupSlot[]; home: LineupSlot[] };
  starters: { away: number; home: number };
  /** Time of the first pitch and of the last out (epoch ms). */
  firstPitchMs: number;
  endMs: number;
  /** Time the game was suspended (epoch ms) when it was. */
  suspendedAtMs?: number;
  resumedAtMs?: number;
  awayScore: number;
  homeScore: number;
  innings: number;
  isTie: boolean;
  /** Automatic extra-inning runners as "<inning><t|b>:<personId>". */
  ghostRunners: string[];
}

/** What the standings and the schedule need to know about a finished game. */
export interface Outcome {
  awayScore: number;
  homeScore: number;
  isTie: boolean;
  endMs: number;
  firstPitchMs: number;
  innings: number;
  suspendedAtMs?: number;
  resumedAtMs?: number;
}
