import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from './paths.js';

let cached: string | undefined;

/** dugout's version from package.json (read once). */
export function readVersion(): string {
  cached ??= (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return cached;
}
