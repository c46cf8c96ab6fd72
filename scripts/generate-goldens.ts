/**
 * Regenerate test/goldens/: bodies of our own simulator (seed 1, deterministic), used by the tests
 * that need "a body of this shape" and must run without the recorded bodies.
 *   node --import tsx scripts/generate-goldens.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSimulator } from '../src/sim/index.js';

const OUT = fileURLToPath(new URL('../test/goldens/', import.meta.url));
const sim = createSimulator({ seed: 1 });
const firstFinal = sim.listGames().find((g) => g.gameType === 'R' && g.codedGameState === 'F');
if (!firstFinal) throw new Error('the simulated season has no final regular-season game');
sim.setFaults({ notFoundGamePks: [1], scripted: [{ pathIncludes: '/v1/game/2/boxscore', fault: '500' }] });
const server = await sim.listen(0);
const write = async (name: string, url: string, expectStatus: number) => {
  const res = await fetch(`${server.url}${url}`);
  if (res.status !== expectStatus) throw new Error(`${url}: HTTP ${res.status}, expected ${expectStatus}`);
  const file = path.join(OUT, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await res.text());
  console.log(`wrote test/goldens/${name}`);
};
await write('boxscore.json', `/v1/game/${firstFinal.gamePk}/boxscore`, 200);
await write('errors/404.json', '/v1/game/1/boxscore', 404);
await write('errors/500.json', '/v1/game/2/boxscore', 500);
await server.close();
