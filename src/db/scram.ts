import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/**
 * A SCRAM-SHA-256 verifier for `ALTER ROLE … PASSWORD`, computed here as psql's `\password` does,
 * so the plaintext never reaches the server: not in a statement, a server log line or
 * `pg_stat_activity`. Postgres stores a valid verifier as given (RFC 5802/7677 keys).
 */
export function scramSha256Verifier(password: string, opts: { salt?: Buffer; iterations?: number } = {}): string {
  const iterations = opts.iterations ?? 4096;
  const salt = opts.salt ?? randomBytes(16);
  const salted = pbkdf2Sync(Buffer.from(saslPrep(password), 'utf8'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Non-ASCII spaces (RFC 3454 C.1.2) are mapped to a space. */
const NON_ASCII_SPACE = /[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g;
/** Characters "commonly mapped to nothing" (RFC 3454 B.1). */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: a list of single code points to delete, none meant to combine
const MAPPED_TO_NOTHING = /[\u00AD\u034F\u1806\u180B-\u180D\u200B-\u200D\u2060\uFE00-\uFE0F\uFEFF]/g;
/** Prohibited output (controls, private use, surrogates, non-characters …): Postgres then uses the raw bytes. */
const PROHIBITED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the prohibited control characters
  /[\u0000-\u001F\u007F-\u009F\u06DD\u070F\u180E\u200E\u200F\u2028-\u202E\u206A-\u206F\uE000-\uF8FF\uFFF9-\uFFFF\uD800-\uDFFF]/;

/**
 * SASLprep as the server applies it to a password before hashing: ASCII passwords are unchanged;
 * otherwise spaces mapped, ignorable characters dropped, NFKC; a password SASLprep refuses is
 * used as it is (the server does the same).
 */
export function saslPrep(password: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: printable ASCII check
  if (/^[\u0000-\u007F]*$/.test(password)) return password;
  const prepared = password.replace(NON_ASCII_SPACE, ' ').replace(MAPPED_TO_NOTHING, '').normalize('NFKC');
  if (prepared === '' || PROHIBITED.test(prepared)) return password;
  return prepared;
}
