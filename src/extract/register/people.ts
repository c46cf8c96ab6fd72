import { RegisterError } from '../../errors.js';

/**
 * The Chadwick Baseball Bureau register's people files (`data/people-*.csv`, ODC-By 1.0) as rows
 * of `mlb.person_ids`. Pure: a header is checked once per file, then each record becomes a row, a
 * reject (with its reason), or nothing (a person who carries no key but his own).
 */

/** The register's keys dugout keeps, as the register names them (and so do the columns). */
export const REGISTER_KEYS = [
  'key_mlbam',
  'key_retro',
  'key_bbref',
  'key_bbref_minors',
  'key_fangraphs',
  'key_npb',
  'key_sr_nfl',
  'key_sr_nba',
  'key_sr_nhl',
  'key_wikidata',
] as const;

const NAMES = ['name_last', 'name_first', 'name_given', 'name_suffix', 'name_matrilineal', 'name_nick'] as const;
const YEARS = [
  'mlb_played_first',
  'mlb_played_last',
  'mlb_managed_first',
  'mlb_managed_last',
  'mlb_umpired_first',
  'mlb_umpired_last',
] as const;
const DATE_PARTS = ['birth_year', 'birth_month', 'birth_day', 'death_year', 'death_month', 'death_day'] as const;

/** Every column dugout reads; a file without one of them is refused whole. Others are ignored. */
export const REGISTER_COLUMNS = [
  'key_person',
  'key_uuid',
  ...REGISTER_KEYS,
  ...NAMES,
  ...DATE_PARTS,
  ...YEARS,
] as const;

export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];

/** A row of `mlb.person_ids` (without the source, read time and run, the same for every row of a load). */
export interface PersonIdRow {
  key_uuid: string;
  key_person: string;
  key_mlbam: number | null;
  key_retro: string | null;
  key_bbref: string | null;
  key_bbref_minors: string | null;
  key_fangraphs: string | null;
  key_npb: string | null;
  key_sr_nfl: string | null;
  key_sr_nba: string | null;
  key_sr_nhl: string | null;
  key_wikidata: string | null;
  name_last: string | null;
  name_first: string | null;
  name_given: string | null;
  name_suffix: string | null;
  name_matrilineal: string | null;
  name_nick: string | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  birth_date: string | null;
  death_year: number | null;
  death_month: number | null;
  death_day: number | null;
  mlb_played_first: number | null;
  mlb_played_last: number | null;
  mlb_managed_first: number | null;
  mlb_managed_last: number | null;
  mlb_umpired_first: number | null;
  mlb_umpired_last: number | null;
}

export type RegisterRecordResult =
  | { kind: 'row'; row: PersonIdRow }
  | { kind: 'reject'; reason: string }
  | { kind: 'skip' };

/** Where each column dugout reads sits in a file's records. */
export type RegisterLayout = Record<RegisterColumn, number> & { width: number };

/** A file's header as a layout; a missing column fails the file with one line naming it. */
export function registerLayout(header: readonly string[], label: string): RegisterLayout {
  const at = new Map(header.map((h, i) => [h.trim(), i]));
  const missing = REGISTER_COLUMNS.filter((c) => !at.has(c));
  if (missing.length > 0) {
    throw new RegisterError(
      `${label}: the register's column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing from the header (is this a Chadwick people file?)`,
    );
  }
  const layout = { width: header.length } as RegisterLayout;
  for (const c of REGISTER_COLUMNS) layout[c] = at.get(c) as number;
  return layout;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d{1,9}$/;
/** Longest key or name kept; a longer field is a damaged record. */
const MAX_FIELD = 200;

/** One record as a row, a reject, or nothing (no key beyond the register's own). */
export function registerRecord(fields: readonly string[], layout: RegisterLayout): RegisterRecordResult {
  if (fields.length !== layout.width) {
    return { kind: 'reject', reason: `${fields.length} fields where the header has ${layout.width}` };
  }
  const text = (c: RegisterColumn): string | null => {
    const v = (fields[layout[c]] as string).trim();
    return v === '' ? null : v;
  };
  const uuid = text('key_uuid');
  if (uuid === null || !UUID.test(uuid)) return { kind: 'reject', reason: `key_uuid is not a UUID: "${uuid ?? ''}"` };
  const person = text('key_person');
  if (person === null) return { kind: 'reject', reason: 'key_person is empty' };
  for (const c of REGISTER_COLUMNS) {
    const v = fields[layout[c]] as string;
    if (v.length > MAX_FIELD) return { kind: 'reject', reason: `${c} is longer than ${MAX_FIELD} characters` };
  }
  const mlbam = text('key_mlbam');
  if (mlbam !== null && (!DIGITS.test(mlbam) || Number(mlbam) === 0)) {
    return { kind: 'reject', reason: `key_mlbam is not a positive whole number: "${mlbam}"` };
  }
  const ints: Partial<Record<RegisterColumn, number | null>> = {};
  for (const c of [...DATE_PARTS, ...YEARS]) {
    const v = text(c);
    if (v !== null && !/^\d{1,4}$/.test(v))
      return { kind: 'reject', reason: `${c} is not a year or day number: "${v}"` };
    ints[c] = v === null ? null : Number(v);
  }
  const row: PersonIdRow = {
    key_uuid: (uuid as string).toLowerCase(),
    key_person: person,
    key_mlbam: mlbam === null ? null : Number(mlbam),
    key_retro: text('key_retro'),
    key_bbref: text('key_bbref'),
    key_bbref_minors: text('key_bbref_minors'),
    key_fangraphs: text('key_fangraphs'),
    key_npb: text('key_npb'),
    key_sr_nfl: text('key_sr_nfl'),
    key_sr_nba: text('key_sr_nba'),
    key_sr_nhl: text('key_sr_nhl'),
    key_wikidata: text('key_wikidata'),
    name_last: text('name_last'),
    name_first: text('name_first'),
    name_given: text('name_given'),
    name_suffix: text('name_suffix'),
    name_matrilineal: text('name_matrilineal'),
    name_nick: text('name_nick'),
    birth_year: ints.birth_year ?? null,
    birth_month: ints.birth_month ?? null,
    birth_day: ints.birth_day ?? null,
    birth_date: calendarDate(ints.birth_year, ints.birth_month, ints.birth_day),
    death_year: ints.death_year ?? null,
    death_month: ints.death_month ?? null,
    death_day: ints.death_day ?? null,
    mlb_played_first: ints.mlb_played_first ?? null,
    mlb_played_last: ints.mlb_played_last ?? null,
    mlb_managed_first: ints.mlb_managed_first ?? null,
    mlb_managed_last: ints.mlb_managed_last ?? null,
    mlb_umpired_first: ints.mlb_umpired_first ?? null,
    mlb_umpired_last: ints.mlb_umpired_last ?? null,
  };
  if (REGISTER_KEYS.every((k) => row[k] === null)) return { kind: 'skip' };
  return { kind: 'row', row };
}

/** `YYYY-MM-DD` when year, month and day make a real date; else null (the parts stay in their columns). */
function calendarDate(y: number | null | undefined, m: number | null | undefined, d: number | null | undefined) {
  if (!y || !m || !d || y < 1000) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
