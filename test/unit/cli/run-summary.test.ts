import { expect, it } from 'vitest';
import { describeRunWork } from '../../../src/cli/run-summary.js';
import { emptyCounts } from '../../../src/pipeline/context.js';

const counts = (c: Partial<ReturnType<typeof emptyCounts>>) => ({ ...emptyCounts(), ...c });

it('counts games, people, reference lists and snapshots apart, each noun after its number', () => {
  expect(
    describeRunWork(
      counts({ loaded: 417, gamesLoaded: 15, peopleLoaded: 402, listsLoaded: 18, gamesUnchanged: 3, requests: 460 }),
    ),
  ).toBe('loaded 15 games, 402 people and 18 reference lists; 3 games unchanged; 460 requests');
  expect(describeRunWork(counts({ gamesLoaded: 1, peopleLoaded: 1, requests: 1 }))).toBe(
    'loaded 1 game and 1 person; 1 request',
  );
  expect(describeRunWork(counts({ snapshotsLoaded: 4, requests: 4 }))).toBe('loaded 4 snapshots; 4 requests');
});

it('says what failed by kind, and the records rejected', () => {
  expect(describeRunWork(counts({ failed: 3, gamesFailed: 2, rejected: 1, requests: 1200 }))).toBe(
    'loaded 0 games; failed 2 games and 1 other item; 1 record rejected (ingest.rejects); 1,200 requests',
  );
});
