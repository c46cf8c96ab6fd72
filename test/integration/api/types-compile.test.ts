import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'dugout-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the type-level tests', () => {
  it('compile: every @ts-expect-error in types.test.ts is a real error, and an unneeded one fails', async () => {
    // A control file whose @ts-expect-error marks a valid call: tsc must report it, proving the check bites.
    const control = path.join(dir, 'control.ts');
    writeFileSync(
      control,
      [
        `import type { ParamsOf } from '${path.join(ROOT, 'src/api/index.js')}';`,
        '// @ts-expect-error this is valid, so tsc must complain about the directive',
        "export const ok: ParamsOf<'boxscore'> = { game_pk: 1 };",
        '',
      ].join('\n'),
    );
    const config = path.join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.json'),
        compilerOptions: { noEmit: true, typeRoots: [path.join(ROOT, 'node_modules/@types')] },
        include: [],
        files: [path.join(ROOT, 'test/unit/api/types.test.ts'), control],
      }),
    );
    const out = await new Promise<string>((resolve) => {
      execFile(
        process.execPath,
        [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config],
        { cwd: ROOT },
        (_err, stdout) => resolve(stdout),
      );
    });
    const errors = out.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('control.ts(2,1)');
    expect(errors[0]).toContain("Unused '@ts-expect-error' directive");
  });
});
