import type { Executor } from '../db/client.js';
import { readStoredContents } from '../db/game-revisions.js';
import { storeRejects } from '../db/queries/rejects.js';
import {
  deleteGameHistory,
  insertScoringChanges,
  listRevisedGames,
  readGameRevisions,
  readStoredAbsChallenges,
  readStoredBodyTextShas,
  recordGameHistory,
  type ScoringChangeRow,
  type StoredRevision,
} from '../db/queries/revisions.js';
import { replaceGameRows } from '../db/store-game.js';
import { reject } from '../extract/rejects.js';
import { textSha256 } from '../extract/hash.js';
import { applyRevisionPatch, canonicalBody, type RevisionKind, RevisionPatchError } from '../extract/revision.js';
import { scoringChangeRows } from '../extract/scoring-changes.js';
import type { PipelineContext } from './context.js';
import { extractPackedGameRows } from './load/game-rows.js';

/** Games replayed per page of the rebuild's keyset. */
const PAGE = 100;
/** Games replayed at once, each in its own transaction (as the rows' rebuild writes two batches at once). */
const HISTORY_WRITERS = 2;

/** A revision's content, made (parsed, or patched) when first asked for. */
type Content = () => unknown;

/** A game's body in raw.*, as a `stored` revision stands for it: its content's hash and the content. */
interface StoredBody {
  sha: string;
  content: Content;
}

/** A game's revisions replayed: one step per fetch time, the contents of every kind at it. */
interface Step {
  at: Date;
  contents: Map<string, Content>;
  changes: ScoringChangeRow[];
}

function once(make: () => unknown): Content {
  let made = false;
  let value: unknown;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/** Why a game's revisions cannot be replayed. */
class RevisionReject extends Error {
  constructor(
    message: string,
    readonly revision: StoredRevision,
  ) {
    super(message);
  }
}

/**
 * The steps of a game's stored revisions, checked: each patch applies to the content before it and
 * gives the content its hash names, a `stored` revision's body in raw.* (`stored`, made canonical)
 * still gives its hash, no revision is older than the one it follows, and the latest of each kind is
 * the body stored in raw.* (a revision older than the stored body is refused).
 */
export function replayRevisions(
  gamePk: number,
  revisions: readonly StoredRevision[],
  stored: ReadonlyMap<string, StoredBody>,
): Step[] {
  const latest = new Map<string, { revision: StoredRevision; content: Content }>();
  const byTime = [...revisions].sort(
    (a, b) => a.fetchedAt.getTime() - b.fetchedAt.getTime() || a.revision - b.revision,
  );
  const steps: Step[] = [];
  for (const r of byTime) {
    const prev = latest.get(r.kind);
    if (prev && r.revision !== prev.revision.revision + 1) {
      throw new RevisionReject(
        `revision ${r.revision} is out of order: fetched before revision ${prev.revision.revision + 1}`,
        r,
      );
    }
    if (!prev && r.revision !== 1) throw new RevisionReject(`revision ${r.revision} follows no revision 1`, r);
    let content: Content;
    if (r.encoding === 'stored') {
      // Its content is the raw body's: which is the same as the revision's only while its hash is.
      const s = stored.get(r.kind);
      if (s?.sha !== r.contentSha256) {
        throw new RevisionReject(
          `revision ${r.revision} is the stored body, which no longer gives its content hash`,
          r,
        );
      }
      content = s.content;
    } else if (r.encoding === 'whole' && textSha256(r.bodyText) === r.contentSha256) {
      // A whole revision keeps its content's canonical text, the text its hash names: the text is
      // checked as it is, and parsed only when a patch, a scoring change or a replay needs it.
      content = once(() => JSON.parse(r.bodyText));
    } else {
      let made: unknown;
      try {
        const body = JSON.parse(r.bodyText) as unknown;
        made = r.encoding === 'whole' ? body : applyRevisionPatch(prev?.content(), body);
      } catch (err) {
        if (err instanceof RevisionPatchError || err instanceof SyntaxError) throw new RevisionReject(err.message, r);
        throw err;
      }
      const sha = canonicalBody(r.kind as RevisionKind, made).sha;
      if (sha !== r.contentSha256) throw new RevisionReject(`revision ${r.revision} does not give its content hash`, r);
      content = () => made;
    }
    let step = steps.at(-1);
    if (!step || step.at.getTime() !== r.fetchedAt.getTime()) {
      step = {
        at: r.fetchedAt,
        contents: new Map(step ? step.contents : [...latest].map(([k, v]) => [k, v.content])),
        changes: [],
      };
      steps.push(step);
    }
    step.contents.set(r.kind, content);
    if (prev) {
      const before = { revision: prev.revision.revision, fetchedAt: prev.revision.fetchedAt, content: prev.content() };
      step.changes.push(...scoringChangeRows(gamePk, r.kind as RevisionKind, before, { ...r, content: content() }));
    }
    latest.set(r.kind, { revision: r, content });
  }
  for (const [kind, l] of latest) {
    const sha = stored.get(kind)?.sha;
    if (sha !== undefined && sha !== l.revision.contentSha256) {
      throw new RevisionReject(
        `the latest ${kind} revision is not the body stored (a revision older than the stored body)`,
        l.revision,
      );
    }
  }
  return steps;
}

/**
 * Rebuild the history of every game with revisions, without a request: replay its revisions in the
 * order they were fetched, each fetch replacing the game's rows and recording their versions and
 * scoring changes, so the current rows end as the latest revisions say (it runs after the rows are
 * rebuilt from raw.*, which a game fetched once keeps). One transaction a game; a
 * game whose revisions do not replay (a patch that does not apply, a revision older than the one it
 * follows or than the stored body) is a reject (ingest.rejects) and keeps its rows and history.
 */
export async function rebuildHistory(ctx: PipelineContext): Promise<{ games: number; rejected: number }> {
  let after = -1;
  let games = 0;
  let rejected = 0;
  while (!ctx.signal.aborted) {
    const pks = await listRevisedGames(ctx.db, after, PAGE);
    if (pks.length === 0) break;
    after = pks.at(-1)!;
    // The page's games a few at a time, each on its own connection: one game's parse and checks on
    // this thread while the server records another's history. Each game stays one transaction.
    let next = 0;
    const lane = async () => {
      while (next < pks.length) {
        const outcome = await rebuildGameHistory(ctx, pks[next++]!);
        if (outcome === 'rejected') rejected++;
        else games++;
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: HISTORY_WRITERS }, lane));
    const failed = lanes.find((l) => l.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return { games, rejected };
}

/** Replay one game's revisions in its own transaction: `rejected` when they do not replay. */
function rebuildGameHistory(ctx: PipelineContext, gamePk: number): Promise<'rebuilt' | 'rejected'> {
  return ctx.db.transaction(async (tx) => {
    const revisions = await readGameRevisions(tx, gamePk);
    const stored = await storedBodies(tx, gamePk, revisions);
    let steps: Step[];
    try {
      steps = replayRevisions(gamePk, revisions, stored);
    } catch (err) {
      if (!(err instanceof RevisionReject)) throw err;
      const r = err.revision;
      await storeRejects(
        tx,
        [reject(gamePk, 'game_revisions', `raw.game_revisions[${r.kind},${r.revision}]`, err.message, null)],
        ctx.runId,
      );
      ctx.log.warn(
        { gamePk, kind: r.kind, revision: r.revision, err: err.message },
        'revision rejected: the game keeps its rows',
      );
      return 'rejected' as const;
    }
    const absText = steps.length > 1 ? await readStoredAbsChallenges(tx, gamePk) : undefined;
    const abs = absText === undefined ? undefined : JSON.parse(absText);
    await deleteGameHistory(tx, gamePk);
    // A game fetched once (most games) has the rows the rebuild just derived from raw.*, whose
    // bodies are its latest revisions (checked above): only its history is recorded. A game
    // corrected since has each earlier fetch's rows replayed, and the last one's restored.
    const replay = steps.length > 1;
    for (const step of steps) {
      const box = step.contents.get('boxscore');
      const pbp = step.contents.get('playByPlay');
      if (box === undefined || pbp === undefined) continue;
      if (replay) {
        // Rejects were stored by the loads that fetched the bodies: not again.
        const win = step.contents.get('winProbability')?.();
        const rows = { ...extractPackedGameRows(gamePk, box(), pbp(), win, abs), rejects: [] };
        await replaceGameRows(tx, gamePk, rows, ctx.runId);
      }
      await recordGameHistory(tx, gamePk, step.at);
      await insertScoringChanges(tx, step.changes);
    }
    return 'rebuilt' as const;
  });
}

/**
 * A game's bodies in raw.*, as its `stored` revisions stand for them. A game fetched once (most games:
 * every revision `stored`, all of one fetch) whose raw bodies' texts still have the hashes their
 * revisions recorded has the contents those revisions name: the server hashes the texts, and no
 * body crosses the connection or is parsed. Any other game has each body read and made canonical,
 * its content's hash made again to compare.
 */
async function storedBodies(
  tx: Executor,
  gamePk: number,
  revisions: readonly StoredRevision[],
): Promise<Map<string, StoredBody>> {
  const once = new Set(revisions.map((r) => r.fetchedAt.getTime())).size === 1;
  if (once && revisions.every((r) => r.encoding === 'stored' && r.storedTextSha256 !== null)) {
    const texts = await readStoredBodyTextShas(tx, gamePk);
    if (revisions.every((r) => texts.get(r.kind) === r.storedTextSha256)) {
      const unread = () => {
        throw new Error(`game ${gamePk}: a body vouched for by its text's hash was asked for its content`);
      };
      return new Map(revisions.map((r) => [r.kind, { sha: r.contentSha256, content: unread }]));
    }
  }
  const contents = await readStoredContents(tx, { canonicalBody }, gamePk);
  return new Map([...contents].map(([kind, c]) => [kind, { sha: c.sha, content: () => c.content }]));
}
