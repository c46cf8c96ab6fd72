import type { RevisionBody, RevisionKind } from '../../src/db/game-revisions.js';
import { canonicalBody } from '../../src/extract/revision.js';

/** A body as `storeGameRevisions` takes it, made from a parsed body. */
export function revisionBody(kind: RevisionKind, body: unknown, source: string): RevisionBody {
  const canonical = canonicalBody(kind, body);
  return { kind, sha: canonical.sha, canonical: () => canonical, source };
}
