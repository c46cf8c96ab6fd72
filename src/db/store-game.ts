import { type Executor, relaxCommitDurability } from './client.js';
import { copyTarget } from './copy.js';
import {
  type RevisionBody,
  type RevisionKind,
  type RevisionRules,
  storedTextSha256,
  storeGameRevisions,
} from './game-revisions.js';
import { COPY_MIN_ROWS, type PackedGameRows, ROW_LISTS } from './packed-game-rows.js';
import { markGameSeasonsStale } from './queries/analytics.js';
import { deleteGamesRows, setGameRowsRun } from './queries/game-rows.js';
import { deleteLiveFeed, hasFinalBodies, readLiveFeedTimecode, upsertLiveFeed } from './queries/live.js';
import { lockGame, readGameHashes, upsertGameBody, upsertWinProbabilityBody } from './queries/raw-bodies.js';
import { storeRejects } from './queries/rejects.js';
import { markGameChecked, recordGameHistory } from './queries/revisions.js';
import { copyRows, insertRows, settleAll, updateRows } from './rows.js';
import { games as gamesTable } from './schema/index.js';

/**
 * The one way a game reaches the warehouse. A load hands {@link storeGame} the game's bodies and a
 * way to get its rows; a rebuild hands {@link replaceGamesRows} a batch of games' rows; the live
 * loop hands {@link storeLiveGame} a feed and its rows. The rows always come in one shape, as
 * extraction packed them ({@link PackedGameRows}: the long lists as COPY text, the rest as rows),
 * whatever the database and the run. This module alone picks how each part is written: a body as
 * an upsert of its text, a packed list by COPY of its text, a list of
 * rows by COPY where it is long (a batch's lists together) and by insert where it is short, the
 * game context by update; each row's run id is the transaction's, named once by `setGameRowsRun`.
 * Callers never see the write forms.
 */

/**
 * One body of a game as it is to be stored: its text (or that text's UTF-8 bytes), its hash, and the
 * hash of its canonical content as a revision keeps it (made where the game was prepared; the
 * content itself is made again from the text only when a revision needs it).
 */
export interface GameBodyToStore {
  text: string | Uint8Array;
  sha: string;
  canonicalSha: string;
}

/** A game's bodies, as fetched and fingerprinted. */
export interface GameToStore {
  gamePk: number;
  boxscore: GameBodyToStore;
  playByPlay: GameBodyToStore;
  /** The /winProbability body, when the load asked for it. */
  winProbability?: GameBodyToStore;
  source: 'boxscore' | 'feed';
  feedTimestamp: string | null;
  /** A feed's `gameData.absChallenges` block as text, kept raw beside the boxscore (source `feed`). */
  absChallenges?: string;
  /** Why the game was fetched (its work item's reason): `repoll` makes a changed body a `repoll` revision. */
  fetchReason?: string;
  /** How revisions of its bodies are made (extraction's rules, handed down by the load). */
  revisionRules: RevisionRules;
  /** The pass's clock when the bodies were fetched (a revision's `fetched_at`); default the transaction's time. */
  fetchedAt?: Date;
}

/** What {@link storeGame} did: nothing (every body unchanged), or stored the bodies and rows. */
export type StoreOutcome =
  | { outcome: 'unchanged' }
  | { outcome: 'loaded'; rows: number; rejects: number; revisions: number };

/**
 * Store one game in the caller's transaction: take the game's lock (naming the run its rows are
 * written by, {@link setGameRowsRun}, in the same round trip), compare the stored hashes
 * (bodies all unchanged: only the time of the check is written, and `rows` is never called), else
 * keep a revision of each body whose canonical content is new (raw.game_revisions), store the bodies,
 * delete the game's old rows and write those `rows()` returns. A lost commit after a crash only
 * means the game is fetched again, so the transaction commits without waiting for the disk.
 */
export async function storeGame(
  tx: Executor,
  game: GameToStore,
  rows: () => PackedGameRows,
  runId: number,
): Promise<StoreOutcome> {
  const { gamePk } = game;
  const [, , , stored] = await settleAll([
    relaxCommitDurability(tx),
    setGameRowsRun(tx, runId),
    lockGame(tx, gamePk),
    readGameHashes(tx, gamePk),
  ]);
  const win = game.winProbability;
  const winUnchanged = !win || stored.winProbability === win.sha;
  if (stored.boxscore === game.boxscore.sha && stored.playByPlay === game.playByPlay.sha && winUnchanged) {
    await markGameChecked(tx, gamePk, game.fetchedAt ?? null);
    return { outcome: 'unchanged' };
  }
  // Each body whose canonical content is new becomes a revision, before the bodies are replaced (a
  // game loaded before revisions were kept first gets its stored bodies as revision 1).
  const revisions = await storeGameRevisions(
    tx,
    game.revisionRules,
    gamePk,
    [
      revisionBody(game, 'boxscore', game.boxscore),
      revisionBody(game, 'playByPlay', game.playByPlay),
      ...(win ? [revisionBody(game, 'winProbability', win)] : []),
    ],
    game.fetchReason,
    runId,
    game.fetchedAt ?? null,
    Object.values(stored).some((sha) => sha !== undefined),
  );
  const gameRows = rows();
  const games = [{ gamePk, rows: gameRows }];
  // The statements of each step are sent together on the transaction's connection; every delete of
  // the game's old rows is done before a new row is written.
  await settleAll([
    upsertGameBody(
      tx,
      'boxscores',
      gamePk,
      asText(game.boxscore.text),
      game.boxscore.sha,
      runId,
      game.source,
      null,
      game.absChallenges ?? null,
    ),
    upsertGameBody(
      tx,
      'play_by_play',
      gamePk,
      asText(game.playByPlay.text),
      game.playByPlay.sha,
      runId,
      game.source,
      game.feedTimestamp,
    ),
    // The final bodies replace whatever the live loop stored of the game: its rows go below.
    deleteLiveFeed(tx, gamePk),
    markGameChecked(tx, gamePk, game.fetchedAt ?? null),
    win ? upsertWinProbabilityBody(tx, gamePk, asText(win.text), win.sha, runId) : undefined,
    deleteGamesRows(
      tx,
      games.map((g) => ({ gamePk: g.gamePk, rows: g.rows.objects })),
    ),
  ]);
  const n = await insertGamesRows(tx, games, runId);
  // The rows' versions as of this fetch: changed and removed ones closed, new ones opened.
  await recordGameHistory(tx, gamePk, game.fetchedAt ?? null);
  return { outcome: 'loaded', rows: n, rejects: gameRows.rejects.length, revisions };
}

/** A live game's current feed as the live loop stores it: the whole feed/live text and its timecode. */
export interface LiveFeedToStore {
  gamePk: number;
  text: string;
  timecode: string;
  /**
   * The latest timecode the pass's clock believes (its now plus a tolerance): a stored feed dated
   * after it is not trusted, so a feed older than it may replace it.
   */
  trustedUntil: string;
  /** The pass's clock, when the feed is a whole one (not a patched stored feed). */
  fullFeedAt?: Date;
}

/**
 * Store a live game's current feed and replace the game's rows with those of the feed, in the
 * caller's transaction, under the game's lock as a final load. A live feed never writes the raw
 * boxscore and play-by-play bodies, so the final load finds no stored hash to match and always
 * writes (and drops the live feed); once those bodies are stored, a late live feed is refused
 * (`final-stored`) rather than put older rows over the final ones. A feed older than the stored one
 * (another loop stored a newer one meanwhile) is refused (`stale`): a game's state never moves back.
 */
export async function storeLiveGame(
  tx: Executor,
  feed: LiveFeedToStore,
  rows: () => PackedGameRows,
  runId: number,
): Promise<
  | { outcome: 'final-stored' }
  | { outcome: 'stale'; storedTimecode: string }
  | { outcome: 'stored'; rows: number; rejects: number }
> {
  const { gamePk } = feed;
  const [, , final, current] = await settleAll([
    relaxCommitDurability(tx),
    lockGame(tx, gamePk),
    hasFinalBodies(tx, gamePk),
    readLiveFeedTimecode(tx, gamePk),
  ]);
  if (final) return { outcome: 'final-stored' };
  if (current !== undefined && current > feed.timecode && current <= feed.trustedUntil)
    return { outcome: 'stale', storedTimecode: current };
  const gameRows = rows();
  await upsertLiveFeed(tx, gamePk, feed.text, feed.timecode, runId, feed.fullFeedAt);
  const n = await replaceGamesRows(tx, [{ gamePk, rows: gameRows }], runId);
  return { outcome: 'stored', rows: n, rejects: gameRows.rejects.length };
}

const UTF8_IN = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A body as a revision takes it: its canonical content made again from its text only if asked, and
 * the hash of the text raw.* stores (the text's UTF-8 bytes are what the server keeps).
 */
function revisionBody(game: GameToStore, kind: RevisionKind, body: GameBodyToStore): RevisionBody {
  return {
    kind,
    sha: body.canonicalSha,
    canonical: () => game.revisionRules.canonicalBody(kind, JSON.parse(asText(body.text))),
    storedTextSha: () => storedTextSha256(body.text),
    source: game.source,
  };
}

function asText(t: string | Uint8Array): string {
  return typeof t === 'string' ? t : UTF8_IN.decode(t);
}

/** Store one game's rows in place of its old ones ({@link replaceGamesRows}). */
export async function replaceGameRows(
  tx: Executor,
  gamePk: number,
  rows: PackedGameRows,
  runId: number,
): Promise<number> {
  return replaceGamesRows(tx, [{ gamePk, rows }], runId);
}

/**
 * Replace the derived rows of several games in one transaction (a rebuild's batch): name the run
 * writing them and delete every row of the games, then write the new ones with one statement or
 * COPY per table, so readers see the old rows or the new ones, never a mix, and rows a correction
 * removed disappear.
 */
export async function replaceGamesRows(
  tx: Executor,
  games: ReadonlyArray<{ gamePk: number; rows: PackedGameRows }>,
  runId: number,
): Promise<number> {
  if (games.length === 0) return 0;
  await settleAll([
    setGameRowsRun(tx, runId),
    deleteGamesRows(
      tx,
      games.map((g) => ({ gamePk: g.gamePk, rows: g.rows.objects })),
    ),
  ]);
  return insertGamesRows(tx, games, runId);
}

/**
 * Insert the derived rows of games whose old rows are deleted, update their games' context columns
 * and queue their seasons' standings, in a transaction that named its run ({@link setGameRowsRun}:
 * the rows' `run_id`; the rejects are given `runId` themselves). The short lists and the other
 * statements are sent together (pipelined on the transaction's connection, since none depends on
 * another); then each long list is copied in, one after the other, the connection carrying nothing
 * else meanwhile: its packed text first, then its rows.
 */
async function insertGamesRows(
  tx: Executor,
  games: ReadonlyArray<{ gamePk: number; rows: PackedGameRows }>,
  runId: number,
): Promise<number> {
  // Games without a win probability body keep their stored rows: they add nothing to its list.
  const lists = ROW_LISTS.map(([key, table]) => ({
    table,
    rows: games.flatMap((g): readonly object[] => g.rows.objects[key] ?? []),
    packed: games.flatMap((g) => g.rows.copyText[key] ?? []),
  }));
  const copyable = copyTarget(tx) !== undefined;
  const size = (l: (typeof lists)[number]) => l.packed.reduce((n, e) => n + e.count, l.rows.length);
  const copied = lists.filter((l) => l.packed.length > 0 || (copyable && size(l) >= COPY_MIN_ROWS));
  const piped = lists.filter((l) => !copied.includes(l));
  const others = [
    updateRows(
      tx,
      gamesTable,
      games.map((g) => g.rows.objects.gameContext),
    ),
    markGameSeasonsStale(
      tx,
      games.map((g) => g.gamePk),
    ),
    storeRejects(
      tx,
      games.flatMap((g) => g.rows.rejects),
      runId,
    ),
  ];
  const [counts] = await settleAll([settleAll(piped.map((l) => insertRows(tx, l.table, l.rows))), settleAll(others)]);
  let n = counts.reduce((a, b) => a + b, 0);
  for (const l of copied)
    n += (await copyRows(tx, l.table, l.rows, {}, l.packed)) ?? (await insertRows(tx, l.table, l.rows));
  return n;
}
