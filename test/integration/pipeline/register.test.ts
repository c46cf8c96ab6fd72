import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerJob } from '../../../jobs/register.js';
import { createConfiguredClient } from '../../../src/app/client.js';
import { loadConfig } from '../../../src/config.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { RegisterError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { RunDeps } from '../../../src/pipeline/run.js';
import { CHADWICK_DIR, describeRecorded } from '../../fixtures.js';
import { runCliInProcess } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { buildZip } from '../../../src/sim/zip.js';

/**
 * `dugout snapshot register` over the Chadwick register's sample (../shared, never in the repository):
 * from a folder, from a zip served on loopback, and from inputs broken in each way the issue names.
 * Expectations come from the sample file itself (read here with a plain split: it holds no quotes).
 */

const KEYS = [
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
];

describeRecorded(
  'the Chadwick register into mlb.person_ids',
  () => {
    let t: TestDatabase;
    let server: Server;
    let base: string;
    let dir: string;
    const served = new Map<string, Buffer>();
    let sample: string[][] = [];
    const header = () => sample[0] as string[];
    /** The sample's records, a fresh copy each time (tests break them). */
    const records = () => sample.slice(1).map((r) => [...r]);
    const col = (name: string) => header().indexOf(name);
    /** The sample's rows that carry a key besides the register's own: the ones dugout keeps. */
    const kept = () => records().filter((r) => KEYS.some((k) => r[col(k)] !== ''));

    /** The sample as the register lays it out: a people-X.csv per first hex digit of key_person. */
    const registerFiles = (rows: string[][], head = header().join(',')) => {
      const files = new Map<string, string[]>();
      for (const r of rows) {
        const name = `people-${(r[0] as string)[0]}.csv`;
        files.set(name, [...(files.get(name) ?? [head]), r.join(',')]);
      }
      return [...files].map(([name, ls]) => ({ name, data: `${ls.join('\n')}\n` }));
    };
    const registerZip = (rows: string[][], head?: string) =>
      buildZip([
        { name: 'register-master/', data: '', stored: true },
        { name: 'register-master/README.md', data: 'register\n' },
        ...registerFiles(rows, head).map((f) => ({ name: `register-master/data/${f.name}`, data: f.data })),
      ]);

    const deps = (): RunDeps => {
      const config = loadConfig({ DUGOUT_REGISTER_URL: `${base}/register.zip` });
      const log = createSilentLogger();
      return { database: t.database, client: createConfiguredClient(config, log), config, log, now: () => new Date() };
    };
    const load = async (args: Record<string, unknown> = {}) => {
      const r = await registerJob.run(deps(), registerJob.args.parse(args));
      return r;
    };
    const stored = () =>
      queryRows<{ n: number; digest: string }>(
        t.database.db,
        sql`select count(*)::int as n, md5(coalesce(string_agg(key_uuid::text || coalesce(key_mlbam::text, '') || coalesce(key_fangraphs, ''), ',' order by key_uuid), '')) as digest from mlb.person_ids`,
      ).then((r) => r[0]!);

    beforeAll(async () => {
      sample = readFileSync(path.join(CHADWICK_DIR, 'people-sample.csv'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => l.split(','));
      t = await createTestDatabase();
      dir = mkdtempSync(path.join(tmpdir(), 'dugout-register-'));
      server = createServer((req, res) => {
        const body = served.get(req.url ?? '');
        if (!body) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }, 120_000);
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await t?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('loads the sample folder: one row per person with a key, every key as the file has it', async () => {
      const r = await load({ from: CHADWICK_DIR });
      expect(r.status).toBe('succeeded');
      const expected = kept();
      expect((await stored()).n).toBe(expected.length);
      const at = Object.fromEntries([...KEYS, 'key_uuid', 'name_last', 'mlb_played_first'].map((k) => [k, col(k)]));
      // Every kept row, key by key, as the file has it.
      const rows = await queryRows<Record<string, string | number | null>>(
        t.database.db,
        sql`select key_uuid::text as key_uuid, key_person, key_mlbam, key_retro, key_bbref, key_bbref_minors, key_fangraphs,
                   key_npb, key_sr_nfl, key_sr_nba, key_sr_nhl, key_wikidata, name_last, mlb_played_first, source
            from mlb.person_ids`,
      );
      const byUuid = new Map(rows.map((row) => [row.key_uuid, row]));
      for (const rec of expected) {
        const row = byUuid.get(rec[at.key_uuid!] as string);
        expect(row, rec.join(',')).toBeDefined();
        for (const k of KEYS) expect(String(row![k] ?? '')).toBe(rec[at[k]!]);
        expect(row!.name_last ?? '').toBe(rec[at.name_last!]);
        expect(String(row!.mlb_played_first ?? '')).toBe(rec[at.mlb_played_first!]);
      }
      expect(rows[0]!.source).toBe(path.resolve(CHADWICK_DIR));
    });

    it('loads the zip of the register served on loopback, and keeps what a re-load changed', async () => {
      const recs = records();
      served.set('/register.zip', registerZip(recs));
      const first = await load();
      expect(first.status).toBe('succeeded');
      const before = await stored();
      expect(before.n).toBe(kept().length);
      expect((await queryRows(t.database.db, sql`select 1 from mlb.person_id_changes`)).length).toBe(0);

      // A week later the register gave one player a FanGraphs key and changed another's Retrosheet key.
      const fgAt = col('key_fangraphs');
      const retroAt = col('key_retro');
      const gain = recs.findIndex((r) => r[col('key_mlbam')] !== '' && r[fgAt] === '');
      const change = recs.findIndex((r) => r[retroAt] !== '');
      const next = recs.map((r) => [...r]);
      next[gain]![fgAt] = '999999';
      next[change]![retroAt] = 'zzzzz999';
      served.set('/register.zip', registerZip(next));
      expect((await load()).status).toBe('succeeded');
      const changes = await queryRows<{
        key_uuid: string;
        key_name: string;
        old_value: string | null;
        new_value: string;
      }>(
        t.database.db,
        sql`select key_uuid::text as key_uuid, key_name, old_value, new_value from mlb.person_id_changes order by key_name`,
      );
      expect(changes).toEqual([
        { key_uuid: recs[gain]![col('key_uuid')], key_name: 'key_fangraphs', old_value: null, new_value: '999999' },
        {
          key_uuid: recs[change]![col('key_uuid')],
          key_name: 'key_retro',
          old_value: recs[change]![retroAt],
          new_value: 'zzzzz999',
        },
      ]);
      // Put the register back as the sample has it, for the tests below.
      served.set('/register.zip', registerZip(recs));
      expect((await load()).status).toBe('succeeded');
    });

    const refused = async (args: Record<string, unknown>, message: RegExp) => {
      const before = await stored();
      const r = await load(args);
      expect(r.status).toBe('failed');
      expect(r.error).toBeInstanceOf(RegisterError);
      expect(String((r.error as Error).message)).toMatch(message);
      expect((r.error as Error).message).not.toContain('\n');
      expect(await stored()).toEqual(before);
    };

    it('refuses a renamed column, a truncated zip, a 2 GB file and a missing archive, keeping the register in force', async () => {
      expect((await stored()).n).toBeGreaterThan(0);
      const renamed = header()
        .map((h) => (h === 'key_mlbam' ? 'mlbam_id' : h))
        .join(',');
      const zipPath = path.join(dir, 'renamed.zip');
      writeFileSync(zipPath, registerZip(records(), renamed));
      await refused({ from: zipPath }, /key_mlbam is missing from the header/);

      const whole = registerZip(records());
      const cut = path.join(dir, 'cut.zip');
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      await refused({ from: cut }, /not a whole zip archive/);

      // A 2 GB people file (sparse: no disk is written) beside a good one.
      const big = path.join(dir, 'big');
      mkdirSync(big);
      writeFileSync(path.join(big, 'people-0.csv'), `${header().join(',')}\n`);
      writeFileSync(path.join(big, 'people-1.csv'), '');
      truncateSync(path.join(big, 'people-1.csv'), 2 * 1024 ** 3);
      await refused({ from: big }, /more than the \d+ a register file may have/);

      await refused({ from: path.join(dir, 'nowhere') }, /no such file or folder/);
    });

    it('sets aside a non-numeric key_mlbam and every row of a duplicated one as rejects', async () => {
      const recs = records();
      const withMlbam = recs.filter((r) => r[col('key_mlbam')] !== '');
      const bad = withMlbam[0]!;
      bad[col('key_mlbam')] = '12a4';
      const [d1, d2] = [withMlbam[1]!, withMlbam[2]!];
      d2[col('key_mlbam')] = d1[col('key_mlbam')] as string;
      const folder = path.join(dir, 'dups');
      mkdirSync(folder);
      for (const f of registerFiles(recs)) writeFileSync(path.join(folder, f.name), f.data);
      const r = await load({ from: folder });
      expect(r.status).toBe('succeeded');
      expect(r.counts.rejected).toBe(3);
      const rejects = await queryRows<{ reason: string }>(
        t.database.db,
        sql`select reason from ingest.rejects where target = 'mlb.person_ids' and run_id = ${r.runId} order by reason`,
      );
      expect(rejects.map((x) => x.reason)).toEqual([
        `key_mlbam ${d1[col('key_mlbam')]} is on more than one row`,
        `key_mlbam ${d1[col('key_mlbam')]} is on more than one row`,
        'key_mlbam is not a positive whole number: "12a4"',
      ]);
      const uuids = [bad, d1, d2].map((x) => x[col('key_uuid')] as string);
      const left = await queryRows(
        t.database.db,
        sql`select 1 from mlb.person_ids where key_uuid::text = any(${`{${uuids.join(',')}}`}::text[])`,
      );
      // The non-numeric row still carries other keys, but not the one it is kept for; none of the three is kept.
      expect(left).toEqual([]);
      expect((await stored()).n).toBe(kept().length - 3);
    });

    it('says why in one line at the command line: exit 1 for a register it cannot read, 2 for a flag of another snapshot', async () => {
      const cut = path.join(dir, 'cut-cli.zip');
      const whole = registerZip(records());
      writeFileSync(cut, whole.subarray(0, whole.length - 10));
      const usage = await runCliInProcess(['snapshot', 'roster', '--from', cut], t.env);
      expect(usage.code).toBe(2);
      expect(usage.stderr.trim().split('\n').at(-1)).toBe(
        'dugout: --from and --allow-shrink are for "dugout snapshot register" only',
      );
      // The embedded database of a test lives in this process's memory: the command needs its own on Postgres.
      if (testBackend() !== 'postgres') return;
      const before = await stored();
      const r = await runCliInProcess(['snapshot', 'register', '--from', cut], t.env);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n').at(-1)).toBe(
        `dugout: ${cut} is not a whole zip archive (no end of central directory: truncated?)`,
      );
      expect(await stored()).toEqual(before);
    });

    it('refuses a register less than half the size of the one in force unless told', async () => {
      const few = path.join(dir, 'few');
      mkdirSync(few);
      for (const f of registerFiles(records().slice(0, 100))) writeFileSync(path.join(few, f.name), f.data);
      await refused({ from: few }, /fewer than half/);
      expect((await load({ from: few, allowShrink: true })).status).toBe('succeeded');
    });
  },
  { needs: 'chadwick' },
);
