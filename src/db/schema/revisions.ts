import { bigint, index, integer, json, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { raw } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * Every distinct body a game's final loads stored, per kind (`boxscore`, `playByPlay`,
 * `winProbability`): revision 1 `stored` (no body: raw.* keeps it, and most games never change)
 * until a later revision replaces the raw body, when it is made whole; each later one as the RFC
 * 6902 JSON Patch from the one before. Distinct by the hash of the body's canonical content
 * (src/extract/revision.ts), written in the game's load transaction; a row is updated only to make
 * a `stored` revision whole, in the transaction that replaces its raw body.
 */
export const gameRevisions = raw.table(
  'game_revisions',
  {
    gamePk: integer('game_pk').notNull(),
    /** `boxscore`, `playByPlay` or `winProbability`. */
    kind: text('kind').notNull(),
    /** 1, 2, … per game and kind. */
    revision: integer('revision').notNull(),
    /** SHA-256 hex of the canonical content's JSON text. */
    contentSha256: text('content_sha256').notNull(),
    /** `boxscore` or `feed`: the request the body came from. */
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', tz).notNull(),
    /** `new_final` (the first), `correction` (the change log or a load listed it again) or `repoll`. */
    reason: text('reason').notNull(),
    /**
     * `stored` (the canonical content of the game's raw body of this kind; only a kind's latest
     * revision), `whole` (the canonical content) or `patch` (operations from the previous revision's
     * content). Rows written before `stored` existed keep a whole revision 1.
     */
    encoding: text('encoding').notNull(),
    /** The content, or the patch, as JSON text; JSON null when `stored`. */
    body: json('body').notNull(),
    /** Characters of `body`'s text; 0 when `stored`. */
    bodyChars: integer('body_chars').notNull(),
    /**
     * When `stored`: SHA-256 hex of the raw body's text (UTF-8) as the load stored it in raw.*. While
     * raw.* holds that same text, its content is the one `content_sha256` names, so a rebuild checks
     * the text's hash instead of making the content again. Null for other encodings, and for `stored`
     * revisions written before the column (checked by their content).
     */
    storedTextSha256: text('stored_text_sha256'),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.kind, t.revision] }),
    index('game_revisions_fetched_at_idx').on(t.fetchedAt),
  ],
);

/**
 * The last time each game's final bodies were fetched and compared with the stored ones (changed or
 * not): a re-poll is due N days after the game's end when no fetch was made since then.
 */
export const gameChecks = raw.table('game_checks', {
  gamePk: integer('game_pk').primaryKey(),
  checkedAt: timestamp('checked_at', tz).notNull(),
});
