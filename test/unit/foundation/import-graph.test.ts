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
  // `import('./x.js')`, as a value (a lazy load) or in a type position (`import('./x.js').T`).
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? '';
    if (!spec.startsWith('.')) continue;
    const resolved = path.join(path.dirname(file), spec).replace(/\.(js|ts|mjs)$/, '');
    found.push({ module: resolved, typeOnly: false });
  }
  return found;
}

/**
 * Every circle in the import graph of src/, type-only imports and lazy `import()` included: the
 * strongly connected components of more than one module (or a module importing itself), each as
 * its modules in a walk around it.
 */
function importCircles(): string[][] {
  const files = sourceFiles('.').map((f) => f.replace(/\.ts$/, ''));
  const known = new Set(files);
  return circlesIn(
    new Map(
      files.map((f) => [
        f,
        importsOf(`${f}.ts`)
          .map((i) => i.module)
          .filter((m) => known.has(m)),
      ]),
    ),
  );
}

/** The circles of a graph given as each node's edges (Tarjan's strongly connected components). */
function circlesIn(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (edges.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) circles.push(component.sort());
    }
  };
  for (const f of edges.keys()) if (!index.has(f)) visit(f);
  return circles;
}

describe('the import graph', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    expect(importsOf('db/store-game.ts').map((i) => i.module)).toContain('db/copy');
    expect(sourceFiles('pipeline').length).toBeGreaterThan(10);
  });

  it('has no import circle, type-only imports included', () => {
    expect(importCircles()).toEqual([]);
  });

  it('finds a circle when there is one, and reads type-only and inline imports (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a', 'd']],
      ['e', ['a']],
    ]);
    expect(circlesIn(graph)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(
      circlesIn(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
    // A type-only import is an edge (cli/main.ts takes SetExit as a type), and so is `import('…').T`.
    expect(importsOf('cli/main.ts')).toContainEqual({ module: 'cli/exit', typeOnly: true });
    expect(importsOf('sim/render/feed.ts').map((i) => i.module)).toContain('sim/data/teams');
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

  it("keeps the database drivers and their internals inside the database adapter's files", () => {
    // The modules that may import postgres.js, PGlite or drizzle's drivers and migrators for them:
    // the adapter's driver files (db/adapter/), which alone touch a private field or an untyped
    // option of either. drizzle's schema (db/schema/) imports only drizzle-orm/pg-core, no driver.
    // Test helpers under test/ are excused: they open drivers directly to build and drop test
    // databases.
    const ADAPTER = new Set(['db/adapter/pglite.ts', 'db/adapter/postgres.ts', 'db/adapter/postgres-options.ts']);
    const driver =
      /(?:from\s+|import\s*\(\s*)['"](postgres|@electric-sql\/pglite(?:\/[^'"]*)?|drizzle-orm\/(?:postgres-js|pglite)(?:\/[^'"]*)?)['"]/g;
    const root = path.resolve(SRC, '..');
    const scanned = [
      ...sourceFiles('.'),
      ...['jobs', 'scripts', 'bin'].flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => /\.(ts|mjs)$/.test(f))
          .map((f) => path.join('..', dir, f)),
      ),
    ];
    const offending = scanned.flatMap((file) => {
      if (ADAPTER.has(file)) return [];
      const text = readFileSync(path.join(SRC, file), 'utf8');
      return [...text.matchAll(driver)].map((m) => `${file} imports ${m[1]}`);
    });
    expect(offending).toEqual([]);
    // Outside the adapter, only its entry point (db/adapter/index.ts) is imported: a driver's
    // module is loaded by it alone, when a database of its kind is opened.
    const intoAdapter = scanned.flatMap((file) =>
      file.startsWith('db/adapter/')
        ? []
        : importsOf(file)
            .filter((i) => i.module.startsWith('db/adapter/') && i.module !== 'db/adapter/index')
            .map((i) => `${file} imports ${i.module}`),
    );
    expect(intoAdapter).toEqual([]);
    // The scan sees each kind of import it looks for (it would not pass by reading nothing).
    const seen = (file: string) => [...readFileSync(path.join(SRC, file), 'utf8').matchAll(driver)].map((m) => m[1]);
    expect(seen('db/adapter/postgres.ts')).toEqual(expect.arrayContaining(['postgres', 'drizzle-orm/postgres-js']));
    expect(seen('db/adapter/postgres-options.ts')).toContain('postgres');
    expect(seen('db/adapter/pglite.ts')).toEqual(
      expect.arrayContaining(['@electric-sql/pglite', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator']),
    );
    expect(importsOf('db/copy.ts').map((i) => i.module)).toContain('db/adapter/index');
  });
});
