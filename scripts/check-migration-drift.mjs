#!/usr/bin/env node
// Fails (exit 1) when the drizzle schema and migrations/ disagree, i.e. when
// `drizzle-kit generate` would write a new migration. Runs drizzle-kit against a
// temporary copy of migrations/ so the working tree is never touched.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// drizzle-kit only accepts an `out` relative to the project, so the copy lives under .dugout/ (git-ignored).
mkdirSync(path.join(root, '.dugout'), { recursive: true });
const tmp = mkdtempSync(path.join(root, '.dugout', 'drift-'));
try {
  const out = path.join(tmp, 'migrations');
  cpSync(path.join(root, 'migrations'), out, { recursive: true });
  const before = readdirSync(out).filter((f) => f.endsWith('.sql')).length;
  const config = path.join(root, `drizzle.drift-${process.pid}.config.ts`);
  writeFileSync(
    config,
    `import base from './drizzle.config.ts';\nexport default { ...base, out: ${JSON.stringify(`./${path.relative(root, out)}`)} };\n`,
  );
  try {
    // drizzle-kit exits 0 even when it fails, so its output is checked too.
    const output = execFileSync(
      path.join(root, 'node_modules/.bin/drizzle-kit'),
      ['generate', '--config', config, '--name', 'drift'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
    );
    if (/Error|ENOENT/.test(output)) {
      throw new Error(`drizzle-kit generate failed:\n${output}`);
    }
  } catch (err) {
    throw new Error(`drizzle-kit generate failed: ${err.stderr || err.message}`);
  } finally {
    rmSync(config, { force: true });
  }
  const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
  if (after.length !== before) {
    const added = after.slice(before);
    throw new Error(
      `migrations drift: drizzle-kit generate would write ${added.join(', ')}; run \`npm run db:generate -- --name <verb_noun>\` and commit it`,
    );
  }
  console.log('migrations match the drizzle schema');
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
