import type { Executor } from './client.js';
import {
  insertRevisions,
  insertScoringChanges,
  type RevisionToStore,
  readLatestRevisions,
  readRevisionChains,
  readStoredGameBodies,
  type ScoringChangeRow,
  type StoredRevision,
} from './queries/revisions.js';

/** The kinds of game body kept as revisions. */
export type RevisionKind = 'boxscore' | 'playByPlay' | 'winProbability';

/**
 * How a revision is made from bodies: the canonical content, the patch between two contents, the
 * facts a change altered. Reading bodies is extraction's (extract/revision.ts and
 * extract/scoring-changes.ts give these); db/ stores what they return, in the game's transaction,
 * and is handed them by the load (pipeline/load/revision-rules.ts).
 */
export interface RevisionRules {
  canonicalBody(kind: RevisionKind, body: unknown): { content: unknown; text: string; sha: string };
  diffBodies(from: unknown, to: unknown): unknown;
  applyRevisionPatch(from: unknown, ops: unknown): unknown;
  scoringChangeRows(
    gamePk: number,
    kind: RevisionKind,
    before: { revision: number; fetchedAt: Date; content: unknown },
    after: { revision: number; fetchedAt: Date | null; content: unknown },
  ): ScoringChangeRow[];
}

/** Why a game's bodies were fetched again, as its work item says (`repoll` for a re-poll). */
export type FetchReason = string;

/**
 * A body's canonical content as a revision keeps it: its JSON text and that text's SHA-256, made by
 * extraction where the game was prepared (`canonicalBody` of extract/revision.ts).
 */
export interface CanonicalText {
  text: string;
  sha: string;
}

/** One body of a game to keep a revision of: its kind, canonical content and source. */
export interface RevisionBody {
  kind: RevisionKind;
  canonical: CanonicalText;
  source: string;
}

/** A kind's latest revision: its number, content hash, content and fetch time. */
export interface LatestContent {
  revision: number;
  sha: string;
  content: unknown;
  fetchedAt: Date;
}

/** The content of each kind's latest revision, rebuilt from the stored chain. */
export function contentsOf(
  revisions: readonly StoredRevision[],
  applyRevisionPatch: RevisionRules['applyRevisionPatch'],
): Map<string, LatestContent> {
  const out = new Map<string, LatestContent>();
  for (const r of revisions) {
    const prev = out.get(r.kind);
    const body = JSON.parse(r.bodyText) as unknown;
    const content = r.encoding === 'whole' ? body : applyRevisionPatch(prev?.content, body);
    out.set(r.kind, { revision: r.revision, sha: r.contentSha256, content, fetchedAt: r.fetchedAt });
  }
  return out;
}

/**
 * Keep a revision of each body whose canonical content differs from its kind's latest revision, in
 * the game's load transaction (under its lock): the first whole (`new_final`), a later one as the
 * patch from the one before (`repoll` when the fetch was a re-poll, else `correction`). A game loaded
 * before revisions were kept (`bodiesStored`, and no revision) first gets its stored bodies as
 * revision 1, dated when they were stored. Only the latest revision's hash of each kind is read to
 * compare; a kind's chain is read and its content rebuilt only when its body changed. Returns how
 * many revisions were written (0: every content unchanged).
 */
export async function storeGameRevisions(
  tx: Executor,
  rules: RevisionRules,
  gamePk: number,
  bodies: readonly RevisionBody[],
  reason: FetchReason | undefined,
  runId: number,
  fetchedAt: Date | null,
  bodiesStored: boolean,
): Promise<number> {
  const { heads, lastAt: lastStoredAt } = await readLatestRevisions(tx, gamePk);
  const seeds: RevisionToStore[] = [];
  // The latest content of each kind, where it is known without reading the chain (the seeds').
  let seeded = new Map<string, LatestContent>();
  let lastAt = lastStoredAt?.getTime() ?? 0;
  if (heads.size === 0 && bodiesStored) {
    for (const b of await readStoredGameBodies(tx, gamePk)) {
      const c = rules.canonicalBody(b.kind as RevisionKind, JSON.parse(b.text));
      seeds.push({
        gamePk,
        kind: b.kind,
        revision: 1,
        contentSha256: c.sha,
        source: b.source,
        fetchedAt: b.fetchedAt,
        reason: 'new_final',
        encoding: 'whole',
        bodyText: c.text,
        runId: null,
      });
    }
    const stored = seeds.map((s) => ({ ...s, fetchedAt: s.fetchedAt ?? new Date(0) }));
    seeded = contentsOf(stored, rules.applyRevisionPatch);
    lastAt = Math.max(0, ...stored.map((r) => r.fetchedAt.getTime()));
  }
  const headOf = (kind: string) => seeded.get(kind) ?? heads.get(kind);
  const changed = bodies.filter((b) => headOf(b.kind)?.sha !== b.canonical.sha);
  // The previous content of each changed kind that has one: its chain folded (the seed's, when seeded).
  const chains = contentsOf(
    await readRevisionChains(
      tx,
      gamePk,
      changed.filter((b) => heads.has(b.kind)).map((b) => b.kind),
    ),
    rules.applyRevisionPatch,
  );
  // A revision is never dated before the one it follows (a clock set back, another process's clock).
  const at = fetchedAt && fetchedAt.getTime() < lastAt ? new Date(lastAt) : fetchedAt;
  const added: RevisionToStore[] = [];
  const changes: ScoringChangeRow[] = [];
  for (const b of changed) {
    const c = b.canonical;
    const prev = seeded.get(b.kind) ?? chains.get(b.kind);
    const base = { gamePk, kind: b.kind, contentSha256: c.sha, source: b.source, fetchedAt: at, runId };
    if (!prev) {
      added.push({ ...base, revision: 1, reason: 'new_final', encoding: 'whole', bodyText: c.text });
      continue;
    }
    const content = JSON.parse(c.text) as unknown;
    // The facts the new revision changed, as the warehouse's rows read them.
    changes.push(
      ...rules.scoringChangeRows(gamePk, b.kind, prev, {
        revision: prev.revision + 1,
        fetchedAt: at,
        content,
      }),
    );
    const patch = JSON.stringify(rules.diffBodies(prev.content, content));
    // A patch longer than the content (a body rewritten throughout) is kept as the content.
    const whole = patch.length >= c.text.length;
    added.push({
      ...base,
      revision: prev.revision + 1,
      reason: reason === 'repoll' ? 'repoll' : 'correction',
      encoding: whole ? 'whole' : 'patch',
      bodyText: whole ? c.text : patch,
    });
  }
  await insertRevisions(tx, [...seeds, ...added]);
  await insertScoringChanges(tx, changes);
  return added.length;
}
