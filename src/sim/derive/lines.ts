/** Counting-stat lines (batting, pitching, fielding) and the play events that feed them. */

/**
 * A counting line, by field name. A line holds the fields of its kind (those of the list it was
 * made from by {@link emptyLine}: batting, pitching or fielding); the type names every field of the
 * three so that a misspelt field does not compile.
 */
export type Line = Record<StatField, number>;

export const BAT_FIELDS = [
  'gamesPlayed',
  'flyOuts',
  'groundOuts',
  'airOuts',
  'runs',
  'doubles',
  'triples',
  'homeRuns',
  'strikeOuts',
  'baseOnBalls',
  'intentionalWalks',
  'hits',
  'hitByPitch',
  'atBats',
  'caughtStealing',
  'stolenBases',
  'groundIntoDoublePlay',
  'groundIntoTriplePlay',
  'plateAppearances',
  'totalBases',
  'rbi',
  'leftOnBase',
  'sacBunts',
  'sacFlies',
  'catchersInterference',
  'pickoffs',
  'popOuts',
  'lineOuts',
] as const;

export const PIT_FIELDS = [
  'gamesPlayed',
  'gamesStarted',
  'flyOuts',
  'groundOuts',
  'airOuts',
  'runs',
  'doubles',
  'triples',
  'homeRuns',
  'strikeOuts',
  'baseOnBalls',
  'intentionalWalks',
  'hits',
  'hitByPitch',
  'atBats',
  'caughtStealing',
  'stolenBases',
  'numberOfPitches',
  'wins',
  'losses',
  'saves',
  'saveOpportunities',
  'holds',
  'blownSaves',
  'earnedRuns',
  'battersFaced',
  'outs',
  'gamesPitched',
  'completeGames',
  'shutouts',
  'balls',
  'strikes',
  'hitBatsmen',
  'balks',
  'wildPitches',
  'pickoffs',
  'rbi',
  'gamesFinished',
  'inheritedRunners',
  'inheritedRunnersScored',
  'catchersInterference',
  'sacBunts',
  'sacFlies',
  'passedBall',
  'popOuts',
  'lineOuts',
] as const;

export const FIELD_FIELDS = [
  'gamesStarted',
  'caughtStealing',
  'stolenBases',
  'assists',
  'putOuts',
  'errors',
  'chances',
  'passedBall',
  'pickoffs',
] as const;

/** A field of a batting, pitching or fielding line. */
export type StatField = (typeof BAT_FIELDS)[number] | (typeof PIT_FIELDS)[number] | (typeof FIELD_FIELDS)[number];

/** A zeroed line with the given fields (the other fields of {@link Line} are absent). */
export function emptyLine(fields: readonly StatField[]): Line {
  const l: Partial<Line> = {};
  for (const f of fields) l[f] = 0;
  return l as Line;
}

/** Adds b into a (field by field: the fields b holds). */
export function addInto(a: Line, b: Line): void {
  for (const k of Object.keys(b) as StatField[]) a[k] = (a[k] ?? 0) + b[k];
}

const HIT_BASES: Record<string, number> = { single: 1, double: 2, triple: 3, home_run: 4 };
const NOT_AB = new Set(['walk', 'intent_walk', 'hit_by_pitch', 'sac_fly', 'sac_bunt', 'catcher_interf']);
const BALL_CALLS = new Set(['B', '*B', 'P', 'H', 'I', 'V', 'VB']);

/** Whether a pitch call counts as a ball in pitch counts. */
export const isBallCall = (call: string) => BALL_CALLS.has(call);

/**
 * Adds the outcome of one completed plate appearance to a line; used for both the batter's and the
 * pitcher's line (the shared fields mean the same thing from either side).
 */
export function addPlateAppearance(
  line: Line,
  eventType: string,
  batterOut: boolean,
  trajectory: string | undefined,
): void {
  line.plateAppearances = (line.plateAppearances ?? 0) + 1;
  if (!NOT_AB.has(eventType)) line.atBats += 1;
  const tb = HIT_BASES[eventType];
  if (tb) {
    line.hits += 1;
    if (tb === 2) line.doubles += 1;
    if (tb === 3) line.triples += 1;
    if (tb === 4) line.homeRuns += 1;
    if ('totalBases' in line) line.totalBases += tb;
  }
  if (eventType === 'strikeout') line.strikeOuts += 1;
  if (eventType === 'walk' || eventType === 'intent_walk') line.baseOnBalls += 1;
  if (eventType === 'intent_walk') line.intentionalWalks += 1;
  if (eventType === 'hit_by_pitch') line.hitByPitch += 1;
  if (eventType === 'sac_fly') line.sacFlies += 1;
  if (eventType === 'sac_bunt') line.sacBunts += 1;
  if (eventType === 'grounded_into_double_play' && 'groundIntoDoublePlay' in line) line.groundIntoDoublePlay += 1;
  if (batterOut && eventType !== 'strikeout' && eventType !== 'sac_bunt' && eventType !== 'sac_fly') {
    if (trajectory === 'ground_ball' || trajectory === 'bunt_grounder') line.groundOuts += 1;
    else if (trajectory === 'popup') {
      line.popOuts += 1;
      line.airOuts += 1;
    } else if (trajectory === 'line_drive') {
      line.lineOuts += 1;
      line.airOuts += 1;
    } else if (trajectory === 'fly_ball') {
      line.flyOuts += 1;
      line.airOuts += 1;
    }
  }
}
