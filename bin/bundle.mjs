// The CLI's startup bundle: the TypeScript sources compiled by esbuild into one module for the
// command and one for the extraction worker, cached under node_modules/.cache/dugout and rebuilt
// when a source file changes. Loading ~400 modules one by one through tsx's loader cost a command
// ~1.3 s of its start (2.8 s for `dugout status` on the embedded database, 2.0 s from the bundle;
// 1.2 s against 0.5 s for `--help`). Plain JavaScript: it runs before any TypeScript can.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The directories whose files the bundle is built from (everything src/cli/main.ts imports). */
const SOURCE_DIRS = ['src', 'jobs'];
/** Bump when the build options below change, so an old cache is not reused. */
const FORMAT = 2;
/** Builds kept beside the newest: a process started from an older one may still start workers. */
const KEEP = 3;

/** A key that changes whenever a source file (name, size or modification time) or the compiler does. */
export function sourceKey(root, compilerVersion) {
  const hash = createHash('sha1').update(`${FORMAT} ${compilerVersion} ${process.versions.node}\n`);
  const files = [];
  for (const dir of SOURCE_DIRS) {
    const abs = path.join(root, dir);
    if (!existsSync(abs)) continue;
    for (const entry of readdirSync(abs, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.join(entry.parentPath ?? entry.path, entry.name));
    }
  }
  for (const file of files.sort()) {
    const s = statSync(file);
    hash.update(`${path.relative(root, file)} ${s.size} ${s.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The bundle's directory for the sources as they are now, building it when it is missing.
 * Concurrent first runs each build into their own temporary directory; the first rename wins and
 * the others use it. Throws when it cannot be built here (the caller then runs the sources).
 */
export async function ensureBundle(root, opts = {}) {
  const require = createRequire(path.join(root, 'package.json'));
  // The compiler's version from its package.json: importing esbuild costs 46 ms, a build only.
  const compiler = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')).version;
  const cacheDir = opts.cacheDir ?? path.join(root, 'node_modules', '.cache', 'dugout');
  const dir = path.join(cacheDir, sourceKey(root, compiler));
  if (existsSync(path.join(dir, 'main.mjs'))) return dir;
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: {
        main: path.join(root, 'src/cli/main.ts'),
        // The extraction pool starts `./worker-entry.mjs` beside the module that holds it.
        'worker-entry': path.join(root, 'src/pipeline/extract-pool/worker.ts'),
        // The bench has the extraction workers import `./stage-probe.mjs` beside it (src/bench/stage-times.ts).
        'stage-probe': path.join(root, 'src/bench/stage-probe.ts'),
      },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'silent',
    });
    try {
      renameSync(tmp, dir);
    } catch (err) {
      if (!existsSync(path.join(dir, 'main.mjs'))) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  prune(cacheDir, dir);
  return dir;
}

/** Remove all but the newest KEEP builds (and leftovers of builds that died). */
function prune(cacheDir, current) {
  const builds = readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(cacheDir, e.name))
    .filter((d) => d !== current)
    .map((d) => ({ d, t: statSync(d).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  const stale = Date.now() - 3_600_000;
  for (const [i, { d, t }] of builds.entries()) {
    const unfinished = d.includes('.tmp-');
    if ((unfinished && t < stale) || (!unfinished && i >= KEEP - 1)) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * The CLI's `main`: from the bundle, or from the sources through tsx when DUGOUT_BUNDLE=0 or the
 * bundle cannot be built here (a read-only install, no esbuild).
 */
export async function loadMain(root, env = process.env) {
  if (env.DUGOUT_BUNDLE !== '0') {
    const dir = await ensureBundle(root).catch(() => undefined);
    // Stack traces name the bundle's lines; `node --enable-source-maps` maps them to the sources
    // (not on by default: reading the map costs every command 170 ms).
    if (dir) {
      return (await import(pathToFileURL(path.join(dir, 'main.mjs')).href)).main;
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import(pathToFileURL(path.join(root, 'src/cli/main.ts')).href)).main;
}
