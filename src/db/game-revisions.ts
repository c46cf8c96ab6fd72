import { createHash } from 'node:crypto';
import { DugoutError } from '../errors.js';
import type { Executor } from './client.js';
import { settleAll } from './rows.js';
import {
  insertRevisions,
  insertScoringChanges,
  materialiseStoredRevision,
  type RevisionToStore,
  readLatestRevisions,
  readRevisionChains,
  readStoredBodyTextShas,
  readStoredGameBodies,
  type RevisionHead,
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
  canonicalBody(kind: RevisionKind, body: unknown): CanonicalContent;
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

/** A body's canonical content as a revision keeps it: the value, its JSON text and that text's SHA-256. */
export interface CanonicalContent {
  content: unknown;
  text: string;
  sha: string;
}

/**
 * One body of a game to keep a revision of: its kind and source, the SHA-256 of its canonical content
 * (made where the game was prepared), and how to make that content again from the body, called only
 * when a revision needs the content (a later revision's patch and scoring changes). A kind's first
 * revision, `stored`, needs only the hash, so a load carries no second copy of each body from the
 * thread that prepared it.
 */
export interface RevisionBody {
  kind: RevisionKind;
  sha: string;
  canonical(): CanonicalContent;
  /** SHA-256 hex of the text raw.* will keep of the body (a `stored` revision records it). */
  storedTextSha(): string;
  source: string;
}

/** A kind's latest revision: its number, content hash, content and fetch time. */
export interface LatestContent {
  revision: number;
  sha: string;
  content: unknown;
  fetchedAt: Date;
}

/**
 * A game's body of one kind as raw.* stores it, made canonical: that content, its text and hash, and
 * where and when the body was fetched.
 */
export interface StoredContent {
  sha: string;
  content: unknown;
  text: string;
  source: string;
  fetchedAt: Date;
}

/**
 * A `stored` revision whose game body in raw.* is missing or no longer gives the revision's content
 * hash (the body was changed without a revision): its content cannot be had. Not retryable.
 */
export class StoredRevisionError extends DugoutError {
  constructor(gamePk: number, kind: string, revision: number) {
    super(
      'E_STORED_REVISION',
      `revision ${revision} of ${kind} is the stored body, which no longer gives its content hash`,
      { retryable: false, context: { gamePk, kind, revision } },
    );
  }
}

/** SHA-256 hex of a body's text as raw.* stores it (the UTF-8 bytes the server keeps): a `stored` revision records it. */
export function storedTextSha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The canonical content of each of a game's bodies that raw.* stores, by kind. */
export async function readStoredContents(
  tx: Executor,
  rules: Pick<RevisionRules, 'canonicalBody'>,
  gamePk: number,
): Promise<Map<string, StoredContent>> {
  const out = new Map<string, StoredContent>();
  for (const b of await readStoredGameBodies(tx, gamePk)) {
    const c = rules.canonicalBody(b.kind as RevisionKind, JSON.parse(b.text));
    out.set(b.kind, { sha: c.sha, content: c.content, text: c.text, source: b.source, fetchedAt: b.fetchedAt });
  }
  return out;
}

/**
 * The content of each kind's latest revision, rebuilt from the stored chain; a `stored` revision's
 * content is its kind's body in `stored` (raw.*'s, made canonical), which must give its hash.
 */
export function contentsOf(
  revisions: readonly StoredRevision[],
  applyRevisionPatch: RevisionRules['applyRevisionPatch'],
  stored: ReadonlyMap<string, StoredContent> = new Map(),
): Map<string, LatestContent> {
  const out = new Map<string, LatestContent>();
  for (const r of revisions) {
    const prev = out.get(r.kind);
    let content: unknown;
    if (r.encoding === 'stored') {
      const s = stored.get(r.kind);
      if (s?.sha !== r.contentSha256) throw new StoredRevisionError(r.gamePk, r.kind, r.revision);
      content = s.content;
    } else {
      const body = JSON.parse(r.bodyText) as unknown;
      content = r.encoding === 'whole' ? body : applyRevisionPatch(prev?.content, body);
    }
    out.set(r.kind, { revision: r.revision, sha: r.contentSha256, content, fetchedAt: r.fetchedAt });
  }
  return out;
}

/**
 * The first revisions of a game loaded before revisions were kept, from its stored bodies, dated when
 * they were stored: whole where the body is about to be replaced by a changed one, else `stored`.
 */
async function seedFromStoredBodies(
  tx: Executor,
  rules: RevisionRules,
  gamePk: number,
  isChanged: (kind: string, sha: string) => boolean,
): Promise<{ seeds: RevisionToStore[]; known: Map<string, LatestContent>; lastAt: number }> {
  const seeds: RevisionToStore[] = [];
  const known = new Map<string, LatestContent>();
  let lastAt = 0;
  // The hashes of the raw texts a `stored` seed stands for, made by the server (under the game's lock,
  // the texts just read).
  const [contents, textShas] = await settleAll([
    readStoredContents(tx, rules, gamePk),
    readStoredBodyTextShas(tx, gamePk),
  ]);
  for (const [kind, c] of contents) {
    const whole = isChanged(kind, c.sha);
    seeds.push({
      gamePk,
      kind,
      revision: 1,
      contentSha256: c.sha,
      source: c.source,
      fetchedAt: c.fetchedAt,
      reason: 'new_final',
      encoding: whole ? 'whole' : 'stored',
      bodyText: whole ? c.text : 'null',
      storedTextSha256: whole ? null : (textShas.get(kind) ?? null),
      runId: null,
    });
    known.set(kind, { revision: 1, sha: c.sha, content: c.content, fetchedAt: c.fetchedAt });
    lastAt = Math.max(lastAt, c.fetchedAt.getTime());
  }
  return { seeds, known, lastAt };
}

/**
 * Make whole each `stored` head whose body is about to be replaced by a changed one: its raw body,
 * read before it is replaced, made canonical, must give the revision's hash
 * ({@link StoredRevisionError}). Returns the contents of the kinds made whole.
 */
async function materialiseStoredHeads(
  tx: Executor,
  rules: RevisionRules,
  gamePk: number,
  heads: ReadonlyMap<string, RevisionHead>,
  isChanged: (kind: string, sha: string) => boolean,
): Promise<Map<string, LatestContent>> {
  const known = new Map<string, LatestContent>();
  const due = [...heads].filter(([kind, h]) => h.encoding === 'stored' && isChanged(kind, h.sha));
  if (due.length === 0) return known;
  const raw = await readStoredContents(tx, rules, gamePk);
  for (const [kind, head] of due) {
    const c = raw.get(kind);
    if (c?.sha !== head.sha) throw new StoredRevisionError(gamePk, kind, head.revision);
    await materialiseStoredRevision(tx, gamePk, kind, head.revision, c.text);
    known.set(kind, { revision: head.revision, sha: c.sha, content: c.content, fetchedAt: head.fetchedAt });
  }
  return known;
}

/**
 * Keep a revision of each body whose canonical content differs from its kind's latest revision, in
 * the game's load transaction (under its lock), before the game's bodies in raw.* are replaced by
 * these: a kind's first is `stored` (`new_final`: no body, raw.* keeps it), a later one the patch
 * from the one before (`repoll` when the fetch was a re-poll, else `correction`), after the one
 * before, when `stored`, is made whole from the raw body it stands for (checked against its hash:
 * {@link StoredRevisionError}). A game loaded before revisions were kept (`bodiesStored`, and no
 * revision) first gets its stored bodies as revision 1, dated when they were stored: whole where the
 * body changed, else `stored`. Only the latest revision of each kind is read to compare; a kind's
 * chain (or raw body) is read and its content rebuilt only when its body changed. Returns how many
 * revisions were added (0: every content unchanged).
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
  const shaOf = new Map<string, string>(bodies.map((b) => [b.kind, b.sha]));
  const isChanged = (kind: string, sha: string) => shaOf.has(kind) && shaOf.get(kind) !== sha;
  // The content before each changed kind, where the raw body gives it without reading a chain.
  const { seeds, known, lastAt } =
    heads.size === 0
      ? bodiesStored
        ? await seedFromStoredBodies(tx, rules, gamePk, isChanged)
        : { seeds: [], known: new Map<string, LatestContent>(), lastAt: 0 }
      : {
          seeds: [],
          known: await materialiseStoredHeads(tx, rules, gamePk, heads, isChanged),
          lastAt: lastStoredAt?.getTime() ?? 0,
        };
  const headOf = (kind: string) => known.get(kind) ?? heads.get(kind);
  const changed = bodies.filter((b) => headOf(b.kind)?.sha !== b.sha);
  // The previous content of each other changed kind that has one: its chain folded.
  const chains = contentsOf(
    await readRevisionChains(
      tx,
      gamePk,
      changed.filter((b) => heads.has(b.kind) && !known.has(b.kind)).map((b) => b.kind),
    ),
    rules.applyRevisionPatch,
  );
  // A revision is never dated before the one it follows (a clock set back, another process's clock).
  const at = fetchedAt && fetchedAt.getTime() < lastAt ? new Date(lastAt) : fetchedAt;
  const added: RevisionToStore[] = [];
  const changes: ScoringChangeRow[] = [];
  for (const b of changed) {
    const prev = known.get(b.kind) ?? chains.get(b.kind);
    const base = { gamePk, kind: b.kind, contentSha256: b.sha, source: b.source, fetchedAt: at, runId };
    if (!prev) {
      // The body goes to raw.* below: the revision stands for it there.
      added.push({
        ...base,
        revision: 1,
        reason: 'new_final',
        encoding: 'stored',
        bodyText: 'null',
        storedTextSha256: b.storedTextSha(),
      });
      continue;
    }
    const c = b.canonical();
    if (c.sha !== b.sha) throw new Error(`the ${b.kind} of game ${gamePk} made again is not the content prepared`);
    const { content } = c;
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
