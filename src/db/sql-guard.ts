import { UsageError } from '../errors.js';

/**
 * The statement check in front of `dugout sql`: a convenience, not the security boundary (the
 * login's privileges are; see docs/security.md). It reads the text with PostgreSQL's own parser
 * (libpg_query, compiled to WebAssembly) and allows exactly one statement of a kind that only
 * reads: a SELECT (WITH, VALUES and TABLE are SELECTs too) that creates no table and locks no rows,
 * an EXPLAIN of one, or a SHOW. A write nested in a WITH gets through this check and fails in the
 * READ ONLY transaction, as it would as a login that may not write.
 */

/** What `dugout sql` may run, and how. */
export interface ReadOnlyStatement {
  /** The statement as given, without surrounding blanks and trailing semicolons. */
  text: string;
  kind: 'select' | 'explain' | 'show';
  /**
   * Whether its rows can come through a cursor: a SELECT whose WITH holds no INSERT, UPDATE,
   * DELETE or MERGE (a cursor cannot; run at once, the READ ONLY transaction refuses it).
   */
  cursor: boolean;
}

type Node = Record<string, unknown>;
interface ParsedStatement {
  stmt: Node;
  stmt_location?: number;
  stmt_len?: number;
}

let parser: Promise<typeof import('libpg-query')> | undefined;

/** libpg_query, loaded on first use (its WebAssembly module is compiled then, once a process). */
function loadParser(): Promise<typeof import('libpg-query')> {
  parser ??= import('libpg-query');
  return parser;
}

/**
 * One read-only statement, or a UsageError saying what was refused: more than one statement, a
 * kind that does not only read (named by its first keyword: "DELETE is refused"), SELECT INTO,
 * FOR UPDATE/SHARE, EXPLAIN of anything but a SELECT, or text PostgreSQL cannot parse.
 */
export async function checkReadOnlyQuery(query: string): Promise<ReadOnlyStatement> {
  const { parse, scan } = await loadParser();
  if (query.trim() === '') throw new UsageError('the query is empty');
  let stmts: ParsedStatement[];
  try {
    stmts = ((await parse(query)) as { stmts?: ParsedStatement[] }).stmts ?? [];
  } catch (err) {
    throw new UsageError(`the query does not parse: ${(err as Error).message}`);
  }
  if (stmts.length === 0) throw new UsageError('the query is empty (only comments)');
  if (stmts.length > 1) throw new UsageError(`one statement at a time: the query holds ${stmts.length}`);
  const [only] = stmts;
  const kind = readKind(only!.stmt);
  if (!kind) {
    const word = (await scan(query)).tokens.find((t) => t.keywordKind !== 0)?.text.toUpperCase() ?? 'the statement';
    throw new UsageError(
      `dugout sql runs one read-only statement (SELECT, WITH, VALUES, TABLE, EXPLAIN, SHOW); ${word} is refused`,
    );
  }
  // The parser's locations count UTF-8 bytes.
  const bytes = Buffer.from(query, 'utf8');
  const start = only!.stmt_location ?? 0;
  const end = only!.stmt_len ? start + only!.stmt_len : bytes.length;
  const text = bytes
    .subarray(start, end)
    .toString('utf8')
    .trim()
    .replace(/(\s*;)+$/, '');
  return { text, kind, cursor: kind === 'select' };
}

const WRITES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
};

/** The data-modifying statement a SELECT's WITH holds (PostgreSQL allows them at the top only), if any. */
function writeInWith(select: Node): string | undefined {
  const ctes = ((select.withClause as Node | undefined)?.ctes ?? []) as Node[];
  for (const cte of ctes) {
    const query = ((cte.CommonTableExpr as Node | undefined)?.ctequery ?? {}) as Node;
    const found = Object.keys(WRITES).find((k) => k in query);
    if (found) return WRITES[found];
  }
  return undefined;
}

/** The kind of a read-only statement, or a UsageError for a SELECT that writes or locks; undefined otherwise. */
function readKind(stmt: Node): ReadOnlyStatement['kind'] | undefined {
  const select = stmt.SelectStmt as Node | undefined;
  if (select) {
    assertPlainSelect(select);
    return 'select';
  }
  const explain = stmt.ExplainStmt as Node | undefined;
  if (explain) {
    const inner = explain.query as Node;
    if (!inner.SelectStmt) throw new UsageError('dugout sql explains a SELECT only');
    assertPlainSelect(inner.SelectStmt as Node);
    return 'explain';
  }
  if (stmt.VariableShowStmt) return 'show';
  return undefined;
}

function assertPlainSelect(select: Node): void {
  if (select.intoClause) throw new UsageError('SELECT INTO creates a table: dugout sql refuses it');
  // Refused up front like every other write (the read-only transaction and the login would refuse
  // it too, as "cannot execute DELETE in a read-only transaction").
  const write = writeInWith(select);
  if (write) throw new UsageError(`a WITH that holds ${write} writes: dugout sql refuses it`);
  if (hasLockingClause(select)) throw new UsageError('FOR UPDATE/SHARE locks rows: dugout sql refuses it');
}

/** Whether a SELECT, or a branch of its UNION/INTERSECT/EXCEPT, has FOR UPDATE/SHARE. */
function hasLockingClause(select: Node): boolean {
  if (Array.isArray(select.lockingClause) && select.lockingClause.length > 0) return true;
  return [select.larg, select.rarg].some((arm) => arm !== undefined && hasLockingClause(arm as Node));
}
