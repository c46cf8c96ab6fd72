import { type SQL, sql } from 'drizzle-orm';

/**
 * A PostgreSQL identifier, quoted: in double quotes, a `"` in it doubled (the rule of the
 * PostgreSQL lexer for quoted identifiers). The only way a name reaches a statement's text.
 */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A comma-separated list of quoted column names, optionally qualified (`r."game_pk", …`). */
export function identList(names: readonly string[], qualifier?: string): SQL {
  return sql.raw(names.map((c) => (qualifier ? `${qualifier}.${quoteIdent(c)}` : quoteIdent(c))).join(', '));
}
