import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in a whole run (`node scripts/test-seconds.mjs report.json` writes it). */
export const SECONDS_FILE = new URL('./file-seconds.json', import.meta.url);

/** The table of {@link SECONDS_FILE}: a file's path from the repository's root to its seconds. */
export function readFileSeconds(): Record<string, number> {
  return JSON.parse(readFileSync(SECONDS_FILE, 'utf8')) as Record<string, number>;
}

/**
 * Runs the files that take longest first. Without a cache of earlier runs (a fresh clone, CI),
 * vitest orders files by size, and a short file that runs for minutes (a simulated fortnight of
 * syncs) can start last and hold the run open on one worker while the others are idle. The
 * committed table of seconds gives the order instead; a file missing from it (new) goes first, as
 * it may be long; ties keep vitest's order. A local cache of this machine's runs, when there is
 * one, is not consulted: the order is the same everywhere.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = readFileSeconds();
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification): number =>
      seconds[relative(root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    const bySize = (spec: TestSpecification): number => statSync(spec.moduleId).size;
    return [...files].sort((a, b) => weight(b) - weight(a) || bySize(b) - bySize(a));
  }
}
