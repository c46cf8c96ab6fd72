import { GAME_ROW_TABLES, type GameRowList, type GameRows } from '../../db/queries/game-rows.js';
import { type PackedGameRows, packGameRows } from '../../db/packed-game-rows.js';
import { games as gamesTable, playWinProbability } from '../../db/schema/index.js';
import {
  absChallengesFromReviews,
  asObject,
  extractAbsChallenges,
  extractBoxscore,
  extractGameDetail,
  extractPlayByPlay,
  extractPlayDetail,
  extractReviews,
  extractWinProbability,
  toInt,
} from '../../extract/index.js';
import { createRowValidator, type RowValidator } from '../../db/validate-rows.js';
import type { RejectRow, WinProbabilityRow } from '../../db/schema/rows.js';

/** The validators of a game's tables: every integer column there is a count, an index or an id. */
const VALIDATORS = Object.fromEntries(
  Object.entries(GAME_ROW_TABLES).map(([key, table]) => [key, createRowValidator(table, { nonNegative: true })]),
) as Record<GameRowList, RowValidator>;
const GAME_CONTEXT = createRowValidator(gamesTable, { nonNegative: true, signed: ['temperature_f'] });
const WIN_PROBABILITY = createRowValidator(playWinProbability, { nonNegative: true });

/**
 * A game's rows as extraction hands them to the store ({@link extractGameRows}, then packed by
 * db/'s `packGameRows`): the one shape the store takes, whatever the database and the run.
 */
export function extractPackedGameRows(...args: Parameters<typeof extractGameRows>): PackedGameRows {
  return packGameRows(extractGameRows(...args));
}

/** {@link extractPackedGameRows} of bodies as stored or received: text, parsed here. */
export function extractPackedGameRowsFromText(
  gamePk: number,
  box: string,
  pbp: string,
  win?: string,
  abs?: string,
): PackedGameRows {
  return extractPackedGameRows(
    gamePk,
    JSON.parse(box),
    JSON.parse(pbp),
    win === undefined ? undefined : JSON.parse(win),
    abs === undefined ? undefined : JSON.parse(abs),
  );
}

/**
 * Extract every derived row of a game from its two bodies (pure), each checked against its
 * table's column types: a bad value is nulled or its row rejected, with a reject row saying which,
 * so the rest of the game loads (see db/validate-rows.ts). `absChallenges` is the feed's
 * `gameData.absChallenges` block of a game that came as a feed; without it the ABS counts are
 * derived from the game's ABS reviews. `inProgress`: the bodies are those of a game not over yet (a
 * live feed), whose last half-inning may be under way.
 */
export function extractGameRows(
  gamePk: number,
  boxscore: unknown,
  playByPlay: unknown,
  winProbability?: unknown,
  absChallenges?: unknown,
  inProgress = false,
): GameRows {
  const box = extractBoxscore(gamePk, boxscore);
  const pbp = extractPlayByPlay(gamePk, playByPlay);
  const play = extractPlayDetail(gamePk, playByPlay);
  const game = extractGameDetail(gamePk, boxscore, playByPlay, pbp.rows.plays, { inProgress });
  const review = extractReviews(gamePk, playByPlay);
  const teamIds = boxscoreTeamIds(boxscore);
  const abs =
    asObject(absChallenges) !== null
      ? extractAbsChallenges(gamePk, {
          absChallenges,
          teams: { away: { id: teamIds.away }, home: { id: teamIds.home } },
        })
      : { rows: absChallengesFromReviews(gamePk, review.rows, teamIds), rejects: [] };
  const rejected: RejectRow[] = [
    ...box.rejects,
    ...pbp.rejects,
    ...play.rejects,
    ...game.rejects,
    ...review.rejects,
    ...abs.rejects,
  ];
  let winRows: WinProbabilityRow[] | undefined;
  if (winProbability !== undefined) {
    const extracted = extractWinProbability(gamePk, winProbability);
    rejected.push(...extracted.rejects);
    winRows = checked(rejected, WIN_PROBABILITY, extracted.rows);
  }
  const [context] = checked(rejected, GAME_CONTEXT, [game.rows.gameContext], { partial: true });
  return {
    plays: checked(rejected, VALIDATORS.plays, pbp.rows.plays),
    pitches: checked(rejected, VALIDATORS.pitches, pbp.rows.pitches),
    battingLines: checked(rejected, VALIDATORS.battingLines, box.rows.battingLines),
    pitchingLines: checked(rejected, VALIDATORS.pitchingLines, box.rows.pitchingLines),
    runners: checked(rejected, VALIDATORS.runners, play.rows.runners),
    fieldingCredits: checked(rejected, VALIDATORS.fieldingCredits, play.rows.fieldingCredits),
    playActions: checked(rejected, VALIDATORS.playActions, play.rows.playActions),
    fieldingLines: checked(rejected, VALIDATORS.fieldingLines, game.rows.fieldingLines),
    officials: checked(rejected, VALIDATORS.officials, game.rows.officials),
    linescoreInnings: checked(rejected, VALIDATORS.linescoreInnings, game.rows.linescoreInnings),
    reviews: checked(rejected, VALIDATORS.reviews, review.rows),
    absChallenges: checked(rejected, VALIDATORS.absChallenges, abs.rows),
    gameContext: context ?? { game_pk: gamePk },
    ...(winRows ? { winProbability: winRows } : {}),
    rejects: rejected,
  };
}

/** The rows the validator keeps, its rejects added to `rejected`. */
function checked<T extends object>(
  rejected: RejectRow[],
  validator: RowValidator,
  rows: readonly T[],
  opts?: { partial?: boolean },
): T[] {
  const { rows: kept, rejects: bad } = validator.validate(rows, opts);
  rejected.push(...bad);
  return kept;
}

/** The team ids of a boxscore's two sides. */
function boxscoreTeamIds(boxscore: unknown): { away: number | null; home: number | null } {
  const teams = asObject(asObject(boxscore)?.teams);
  const id = (side: string) => toInt(asObject(asObject(teams?.[side])?.team)?.id);
  return { away: id('away'), home: id('home') };
}
