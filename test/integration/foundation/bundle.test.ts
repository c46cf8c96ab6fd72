import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBundle as ensure } from '../../../bin/bundle.mjs';
import { readVersion } from '../../../src/version.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A package shaped like dugout's: a CLI main that imports a module, an extraction worker and the bench's stage probe. */
function makePackage(name: string, word: string): string {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, 'src/cli'), { recursive: true });
  mkdirSync(path.join(root, 'src/pipeline/extract-pool'), { recursive: true });
  mkdirSync(path.join(root, 'src/bench'), { recursive: true });
  mkdirSync(path.join(root, 'migrations'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  writeFileSync(path.join(root, 'package.json'), '{"name":"fake","type":"module"}');
  writeFileSync(path.join(root, 'src/word.ts'), `export const word: string = '${word}';\n`);
  writeFileSync(
    path.join(root, 'src/cli/main.ts'),
    "import { word } from '../word.js';\nexport async function main(): Promise<string> { return word; }\n",
  );
  writeFileSync(
    path.join(root, 'src/pipeline/extract-pool/worker.ts'),
    "import { parentPort } from 'node:worker_threads';\nimport { word } from '../../word.js';\nparentPort!.postMessage(word);\n",
  );
  writeFileSync(
    path.join(root, 'src/bench/stage-probe.ts'),
    "import { word } from '../word.js';\nexport const probe = word;\n",
  );
  return root;
}

async function mainOf(build: string): Promise<string> {
  const mod = (await import(pathToFileURL(path.join(build, 'main.mjs')).href)) as { main: () => Promise<string> };
  return mod.main();
}

describe("the CLI's startup bundle", () => {
  it('is built once, reused while the sources are unchanged, and rebuilt when one changes', async () => {
    const root = makePackage('edit', 'first');
    const cacheDir = path.join(dir, 'edit-cache');
    const built = await ensure(root, { cacheDir });
    expect(await mainOf(built)).toBe('first');
    expect(readdirSync(built).sort()).toEqual([
      'main.mjs',
      'main.mjs.map',
      'stage-probe.mjs',
      'stage-probe.mjs.map',
      'worker-entry.mjs',
      'worker-entry.mjs.map',
    ]);
    expect(await ensure(root, { cacheDir })).toBe(built);

    // The extraction pool starts ./worker-entry.mjs beside the module that creates it.
    const worker = new Worker(new URL('./worker-entry.mjs', pathToFileURL(path.join(built, 'main.mjs'))));
    const said = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(said).toBe('first');

    writeFileSync(path.join(root, 'src/word.ts'), "export const word: string = 'second';\n");
    const later = new Date(Date.now() + 2_000);
    utimesSync(path.join(root, 'src/word.ts'), later, later);
    const rebuilt = await ensure(root, { cacheDir });
    expect(rebuilt).not.toBe(built);
    expect(await mainOf(rebuilt)).toBe('second');
  });

  it('is built by one of several processes starting at once, and keeps the newest three builds', async () => {
    const root = makePackage('race', 'w0');
    const cacheDir = path.join(dir, 'race-cache');
    const dirs = await Promise.all([1, 2, 3, 4].map(() => ensure(root, { cacheDir })));
    expect(new Set(dirs).size).toBe(1);
    expect(readdirSync(cacheDir)).toEqual([path.basename(dirs[0]!)]); // no temporary directory left

    for (let i = 1; i <= 4; i++) {
      writeFileSync(path.join(root, 'src/word.ts'), `export const word: string = 'w${i}';\n`);
      const t = new Date(Date.now() + i * 2_000);
      utimesSync(path.join(root, 'src/word.ts'), t, t);
      const build = await ensure(root, { cacheDir });
      expect(await mainOf(build)).toBe(`w${i}`);
      expect(readdirSync(cacheDir)).toHaveLength(Math.min(i + 1, 3));
      expect(existsSync(build)).toBe(true);
    }
  });

  it('is not needed: with DUGOUT_BUNDLE=0 the CLI runs its sources through tsx', async () => {
    const r = await runCli(['--version'], { env: { DUGOUT_BUNDLE: '0' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(readVersion());
  });
});
