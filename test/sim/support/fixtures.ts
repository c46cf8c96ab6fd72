import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real recorded bodies: <repo>/../shared/fixtures/statsapi (repo root is test/sim/support/../../..). */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../../shared/fixtures/statsapi/', import.meta.url));

/** Parsed bodies of every .json file in a fixture folder. */
export function fixtureBodies(folder: string): Array<{ file: string; body: unknown }> {
  const dir = `${FIXTURES_DIR}${folder}`;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, body: JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as unknown }));
}
