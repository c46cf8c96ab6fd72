import { UsageError } from '../errors.js';

/**
 * The guard in front of `dugout sql`. It is one layer of three: the query is also sent alone with
 * the extended protocol (a second statement cannot run) inside a READ ONLY transaction with a
 * statement timeout (see db/read-only.ts). This layer refuses, before any connection, what a
 * read-only transaction still allows: more than one statement, a first word that does not read,
 * and functions that touch the server's files, other sessions, settings or run SQL from a string.
 * It reads the text with a real SQL lexer (E'' strings with backslashes, dollar quotes, nested
 * comments, quoted identifiers), so quoting cannot hide a token from it.
 */

type Token = { kind: 'word' | 'ident' | 'string' | 'semicolon' | 'other'; text: string };

const READ_STARTS = new Set(['select', 'with', 'show', 'explain', 'values', 'table']);

/** Functions refused whatever the role: server files, other sessions, settings, SQL from strings, locks. */
const REFUSED_FUNCTIONS = new Map<string, string>([
  ['pg_read_file', "reads the server's files"],
  ['pg_read_binary_file', "reads the server's files"],
  ['pg_stat_file', "reads the server's files"],
  ['pg_file_write', "writes the server's files"],
  ['pg_file_rename', "writes the server's files"],
  ['pg_file_unlink', "writes the server's files"],
  ['pg_file_sync', "writes the server's files"],
  ['pg_terminate_backend', 'acts on other sessions'],
  ['pg_cancel_backend', 'acts on other sessions'],
  ['pg_signal_backend', 'acts on other sessions'],
  ['pg_reload_conf', "changes the server's state"],
  ['pg_rotate_logfile', "changes the server's state"],
  ['pg_logfile_rotate', "changes the server's state"],
  ['pg_promote', "changes the server's state"],
  ['pg_switch_wal', "changes the server's state"],
  ['pg_create_restore_point', "changes the server's state"],
  ['pg_backup_start', "changes the server's state"],
  ['pg_backup_stop', "changes the server's state"],
  ['pg_start_backup', "changes the server's state"],
  ['pg_stop_backup', "changes the server's state"],
  ['set_config', 'changes settings (the role or read-only mode)'],
  ['query_to_xml', 'runs SQL from a string'],
  ['query_to_xmlschema', 'runs SQL from a string'],
  ['query_to_xml_and_xmlschema', 'runs SQL from a string'],
  ['cursor_to_xml', 'runs SQL from a string'],
  ['cursor_to_xmlschema', 'runs SQL from a string'],
  ['ts_stat', 'runs SQL from a string'],
  ['loread', 'uses large objects (server files)'],
  ['lowrite', 'uses large objects (server files)'],
]);

/** Name prefixes refused: every large-object, directory listing, dblink and advisory-lock function. */
const REFUSED_PREFIXES: Array<[string, string]> = [
  ['lo_', 'uses large objects (server files)'],
  ['pg_ls_', "lists the server's files"],
  ['pg_logdir_', "lists the server's files"],
  ['dblink', 'opens other connections'],
  ['pg_advisory', 'takes locks other sessions wait on'],
  ['pg_try_advisory', 'takes locks other sessions wait on'],
  ['pg_wal_replay_', "changes the server's state"],
];

/** Split SQL text into tokens. Throws UsageError on an unterminated string, identifier or comment. */
export function lexSql(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  const isWordStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
  const isWordChar = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (text[i] === '/' && text[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (text[i] === '*' && text[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      if (depth > 0) throw new UsageError('the query has an unterminated /* comment');
    } else if ((c === 'U' || c === 'u') && next === '&' && (text[i + 2] === '"' || text[i + 2] === "'")) {
      // Unicode-escaped names could spell any function: refuse them rather than decode them.
      throw new UsageError('dugout sql does not accept U&"…" or U&\'…\' escapes');
    } else if ((c === 'E' || c === 'e') && next === "'") {
      i = scanQuoted(text, i + 1, "'", true);
      tokens.push({ kind: 'string', text: '' });
    } else if (c === "'") {
      i = scanQuoted(text, i, "'", false);
      tokens.push({ kind: 'string', text: '' });
    } else if (c === '"') {
      const start = i;
      i = scanQuoted(text, i, '"', false);
      tokens.push({ kind: 'ident', text: text.slice(start + 1, i - 1).replace(/""/g, '"') });
    } else if (c === '$' && (next === '$' || /[A-Za-z_]/.test(next))) {
      const m = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (m) {
        i = scanDollar(text, i, m[0]);
        tokens.push({ kind: 'string', text: '' });
      } else {
        tokens.push({ kind: 'other', text: c });
        i++;
      }
    } else if (isWordStart(c)) {
      const start = i;
      while (i < n && isWordChar(text[i]!)) i++;
      tokens.push({ kind: 'word', text: text.slice(start, i).toLowerCase() });
    } else if (c === ';') {
      tokens.push({ kind: 'semicolon', text: ';' });
      i++;
    } else {
      tokens.push({ kind: 'other', text: c });
      i++;
    }
  }
  return tokens;
}

function scanQuoted(text: string, open: number, quote: string, backslashes: boolean): number {
  let i = open + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (backslashes && c === '\\') {
      i += 2;
    } else if (c === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  throw new UsageError(`the query has an unterminated ${quote === '"' ? 'quoted name' : 'string'}`);
}

function scanDollar(text: string, open: number, tag: string): number {
  const end = text.indexOf(tag, open + tag.length);
  if (end < 0) throw new UsageError('the query has an unterminated dollar-quoted string');
  return end + tag.length;
}

/** Why a name is refused, or undefined when it may be used. */
function refusal(name: string): string | undefined {
  const lower = name.toLowerCase();
  const exact = REFUSED_FUNCTIONS.get(lower);
  if (exact) return exact;
  return REFUSED_PREFIXES.find(([prefix]) => lower.startsWith(prefix))?.[1];
}

/**
 * Refuse anything but one read statement before it reaches the database. Returns the statement
 * without its trailing semicolons.
 */
export function assertReadOnlyQuery(query: string): string {
  const tokens = lexSql(query);
  while (tokens.length > 0 && tokens[tokens.length - 1]!.kind === 'semicolon') tokens.pop();
  if (tokens.length === 0) throw new UsageError('the query is empty');
  if (tokens.some((t) => t.kind === 'semicolon'))
    throw new UsageError('one statement at a time: the query contains ";"');
  const first = tokens.find((t) => !(t.kind === 'other' && t.text === '('));
  if (!first || first.kind !== 'word' || !READ_STARTS.has(first.text)) {
    const word = (first?.text || query.trim().split(/\s+/)[0] || '').toUpperCase();
    throw new UsageError(`dugout sql runs read-only queries; ${word} is refused`);
  }
  for (const t of tokens) {
    if (t.kind !== 'word' && t.kind !== 'ident') continue;
    const why = refusal(t.text);
    if (why) throw new UsageError(`dugout sql refuses ${t.text}: it ${why}`);
  }
  return query
    .trim()
    .replace(/(\s*;)+$/, '')
    .trimEnd();
}
