/**
 * The simulator's register: its own people in the Chadwick Baseball Bureau register's 40-column
 * layout (`data/people-*.csv` in a zip, as the register's GitHub archive holds them), so the demo and
 * the tests load `mlb.person_ids` offline and a join of the simulated season to FanGraphs and
 * Baseball-Reference ids finds rows. Every row is generated from the simulated people (ids, names,
 * birth dates, debuts); the keys have the real ones' shapes but name nobody. No row of the real
 * register is shipped: its people would match none of the simulated ones, and its license (ODC-By
 * 1.0) asks credit wherever it is shown. Like the real register, it lags: players whose first MLB
 * season is the current one have no FanGraphs or Retrosheet key yet.
 */

import { createHash } from 'node:crypto';
import type { Person } from './types.js';
import { buildZip } from './zip.js';

/** The register's header, column for column. */
export const REGISTER_HEADER = [
  'key_person',
  'key_uuid',
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
  'name_last',
  'name_first',
  'name_given',
  'name_suffix',
  'name_matrilineal',
  'name_nick',
  'birth_year',
  'birth_month',
  'birth_day',
  'death_year',
  'death_month',
  'death_day',
  'pro_played_first',
  'pro_played_last',
  'mlb_played_first',
  'mlb_played_last',
  'col_played_first',
  'col_played_last',
  'pro_managed_first',
  'pro_managed_last',
  'mlb_managed_first',
  'mlb_managed_last',
  'col_managed_first',
  'col_managed_last',
  'pro_umpired_first',
  'pro_umpired_last',
  'mlb_umpired_first',
  'mlb_umpired_last',
] as const;

/** Where the simulator serves the archive (beside /api, as GitHub serves the register's). */
export const REGISTER_PATH = '/register/archive.zip';

/** Letters only, lower case (accents dropped), for key stems. */
const stem = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A field as CSV writes it (quoted when it holds a comma or a quote). */
const csv = (s: string) => {
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** One register row of a simulated person, or undefined for those the register would not know (scorers, casters). */
export function registerRow(p: Person, season: number): string[] | undefined {
  if (p.role === 'SCORER' || p.role === 'CASTER') return undefined;
  const h = createHash('sha256').update(`dugout-sim-register:${p.id}`).digest('hex');
  const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  const last = stem(p.lastName) || 'x';
  const first = stem(p.firstName) || 'x';
  const n = (Number.parseInt(h.slice(32, 36), 16) % 9) + 1;
  const debut = p.mlbDebutDate ? Number(p.mlbDebutDate.slice(0, 4)) : undefined;
  const [by, bm, bd] = p.birthDate.split('-').map(Number);
  const umpire = p.role === 'UMP';
  // The register's lag: no FanGraphs or Retrosheet key yet in a player's first season.
  const rookie = debut === undefined || debut >= season;
  const row: Record<(typeof REGISTER_HEADER)[number], string | number | undefined> = {
    key_person: h.slice(0, 8),
    key_uuid: uuid,
    key_mlbam: p.id,
    key_retro: umpire || rookie ? undefined : `${last.slice(0, 4).padEnd(4, '-')}${first[0]}00${n}`,
    key_bbref: umpire || debut === undefined ? undefined : `${last.slice(0, 5)}${first.slice(0, 2)}0${n}`,
    key_bbref_minors: umpire ? undefined : `${last.slice(0, 6)}00${n}${first.slice(0, 3)}`,
    key_fangraphs: umpire || rookie ? undefined : String(10_000 + (p.id % 90_000)),
    key_npb: undefined,
    key_sr_nfl: undefined,
    key_sr_nba: undefined,
    key_sr_nhl: undefined,
    key_wikidata: `Q${Number.parseInt(h.slice(36, 44), 16) % 100_000_000}`,
    name_last: p.lastName,
    name_first: p.useName,
    name_given: [p.firstName, p.middleName].filter(Boolean).join(' '),
    name_suffix: p.nameSuffix,
    name_matrilineal: p.nameMatrilineal,
    name_nick: p.nickName,
    birth_year: by,
    birth_month: bm,
    birth_day: bd,
    death_year: undefined,
    death_month: undefined,
    death_day: undefined,
    pro_played_first: umpire || !p.draftYear ? undefined : p.draftYear + 1,
    pro_played_last: umpire ? undefined : season,
    mlb_played_first: umpire ? undefined : debut,
    mlb_played_last: umpire || debut === undefined ? undefined : season,
    col_played_first: undefined,
    col_played_last: undefined,
    pro_managed_first: undefined,
    pro_managed_last: undefined,
    mlb_managed_first: undefined,
    mlb_managed_last: undefined,
    col_managed_first: undefined,
    col_managed_last: undefined,
    pro_umpired_first: umpire ? season - 8 : undefined,
    pro_umpired_last: umpire ? season : undefined,
    mlb_umpired_first: umpire ? season - 4 : undefined,
    mlb_umpired_last: umpire ? season : undefined,
  };
  return REGISTER_HEADER.map((c) => (row[c] === undefined ? '' : String(row[c])));
}

/** The register rows of these people (each once), as CSV fields in the header's order. */
export function registerRows(people: Iterable<Person>, season: number): string[][] {
  const rows: string[][] = [];
  const seen = new Set<number>();
  for (const p of people) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const row = registerRow(p, season);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * The register's zip archive of these people: `register-master/data/people-X.csv`, one file per
 * first hex digit of key_person, as the real archive splits them, and a README saying what it is.
 */
export function registerArchive(people: Iterable<Person>, season: number): Buffer {
  const files = new Map<string, string[]>();
  for (const row of registerRows(people, season)) {
    const name = `people-${(row[0] as string)[0]}.csv`;
    const lines = files.get(name) ?? [REGISTER_HEADER.join(',')];
    lines.push(row.map(csv).join(','));
    files.set(name, lines);
  }
  const readme =
    "Simulated people in the layout of the Chadwick Baseball Bureau register (github.com/chadwickbureau/register, ODC-By 1.0).\nThe rows are generated by dugout's simulator and describe nobody real.\n";
  return buildZip([
    { name: 'register-master/', data: '', stored: true },
    { name: 'register-master/README.md', data: readme },
    ...[...files.keys()].sort().map((name) => ({
      name: `register-master/data/${name}`,
      data: `${(files.get(name) as string[]).join('\n')}\n`,
    })),
  ]);
}
