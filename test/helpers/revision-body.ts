import { type Db, queryRows, sql } from '../../src/db/client.js';
import { type RevisionBody, type RevisionKind, storedTextSha256 } from '../../src/db/game-revisions.js';
import { canonicalBody } from '../../src/extract/revision.js';

/** A body as `storeGameRevisions` takes it, made from a parsed body (stored as `JSON.stringify` writes it). */
export function revisionBody(kind: RevisionKind, body: unknown, source: string): RevisionBody {
  const canonical = canonicalBody(kind, body);
  const text = JSON.stringify(body);
  return { kind, sha: canonical.sha, canonical: () => canonical, storedTextSha: () => storedTextSha256(text), source };
}

/**
 * How the revisions of each encoding record the raw body's text: `n` revisions, how many carry the
 * hash of the text raw.* holds now (made by the server), how many carry none.
 */
export async function storedTextShas(db: Db): Promise<Record<string, { n: number; matching: number; none: number }>> {
  const rows = await queryRows<{ encoding: string; n: number; matching: number; none: number }>(
    db,
    sql.raw(`select r.encoding, count(*)::int as n,
        count(*) filter (where r.stored_text_sha256
          = encode(sha256(convert_to(coalesce(b.body, p.body)::text, 'UTF8')), 'hex'))::int as matching,
        count(*) filter (where r.stored_text_sha256 is null)::int as none
      from raw.game_revisions r
      left join raw.boxscores b on r.kind = 'boxscore' and b.game_pk = r.game_pk
      left join raw.play_by_play p on r.kind = 'playByPlay' and p.game_pk = r.game_pk
      group by 1`),
  );
  return Object.fromEntries(rows.map(({ encoding, ...r }) => [encoding, r]));
}
