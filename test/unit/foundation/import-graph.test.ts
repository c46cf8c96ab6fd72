import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../../src');

/** Every TypeScript file under a folder of src/, as its path from src/. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(folder, f));
}

/**
 * Each module a file imports or re-exports (types included), as its path from src/ without the
 * extension, with whether the import takes types only.
 */
function importsOf(file: string): Array<{ module: string; typeOnly: boolean }> {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const found: Array<{ module: string; typeOnly: boolean }> = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    const spec = m[4] ?? '';
    if (!spec.startsWith('.')) continue;
    const resolved = path.join(path.dirname(file), spec).replace(/\.(js|ts|mjs)$/, '');
    // `import { type A, type B }` takes types only too.
    const names = m[3] ?? '';
    const allTypes =
      /^\{[^}]*\}/.test(names.trim()) &&
      names
        .replace(/[{}\s]/g, '')
        .split(',')
        .every((n) => n === '' || n.startsWith('type'));
    found.push({ module: resolved, typeOnly: m[2] !== undefined || allTypes });
  }
  return found;
}

describe('the import graph', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    expect(importsOf('db/store-game.ts').map((i) => i.module)).toContain('db/copy');
    expect(sourceFiles('pipeline').length).toBeGreaterThan(10);
  });

  it('keeps every encoder of rows and COPY out of pipeline/: it stores games through db/ entry points', () => {
    const offending = sourceFiles('pipeline').flatMap((file) =>
      importsOf(file)
        .filter((i) => i.module === 'db/copy' || i.module === 'db/rows')
        .map((i) => `${file} imports ${i.module}`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps db/ from importing extract/, and extract/ from running anything of db/ (it takes row types only)', () => {
    const fromDb = sourceFiles('db').flatMap((file) =>
      importsOf(file)
        .filter((i) => i.module.startsWith('extract/'))
        .map((i) => `${file} imports ${i.module}`),
    );
    const fromExtract = sourceFiles('extract').flatMap((file) =>
      importsOf(file)
        .filter((i) => i.module.startsWith('db/') && !i.typeOnly)
        .map((i) => `${file} imports values of ${i.module}`),
    );
    expect([...fromDb, ...fromExtract]).toEqual([]);
  });
});
