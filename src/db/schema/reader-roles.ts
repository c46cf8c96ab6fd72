import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { ingest } from './schemas.js';

/**
 * What `dugout reader-role` left each reader role with in this database, so that `dugout status` and
 * `dugout check` can say when a reader changed itself since (PostgreSQL lets a login change its own
 * defaults and password). Never the password: only a SHA-256 of the SCRAM verifier set, whose salt
 * is stored nowhere else.
 */
export const readerRoles = ingest.table('reader_roles', {
  role: text('role').primaryKey(),
  /** Each setting, attribute, membership and grant reader-role owns, by name, as it left it. */
  settings: jsonb('settings').notNull(),
  /** SHA-256 (hex) of the password verifier reader-role set. */
  passwordFingerprint: text('password_fingerprint').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  /** The login that ran reader-role. */
  setBy: text('set_by').notNull(),
});
