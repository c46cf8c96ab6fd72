import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * dugout's own directory (package.json, migrations/, README.md), found by walking up from this
 * module: it runs from src/ under tsx, or from the CLI's bundle under node_modules/.cache/dugout.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!(existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'migrations')))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`dugout's package directory (with migrations/) is not above ${import.meta.url}`);
    dir = up;
  }
  cached = dir;
  return dir;
}
