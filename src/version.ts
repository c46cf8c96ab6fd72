import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** dugout's version from package.json (read once). */
export function readVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return cached;
}
