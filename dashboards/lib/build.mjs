// Writes the site as static files: every page's shell, the assets, and its data as JSON for every
// choice of its pickers (and every player page of the players listed), so any static host serves it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataKey, pageData } from './pages.mjs';
import { ASSETS, asset, indexHtml, pageHtml } from './site.mjs';

export async function buildSite({ pages, source, out, log = () => {} }) {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, 'assets'), { recursive: true });
  for (const name of Object.keys(ASSETS)) writeFileSync(path.join(out, 'assets', name), asset(name));
  writeFileSync(path.join(out, 'index.html'), indexHtml(pages, { mode: 'static', source: source.describe }));
  let files = 0;
  const people = new Set();
  const write = (page, params, data) => {
    const dir = path.join(out, 'data', page.id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${dataKey(params)}.json`), JSON.stringify(data));
    files++;
  };
  for (const page of pages.values()) {
    writeFileSync(path.join(out, `${page.id}.html`), pageHtml(pages, page, { mode: 'static' }));
    if (page.id === 'player') continue;
    const first = await pageData(source, page, {});
    write(page, {}, first);
    // Every combination the pickers offer (the options rows), the default included.
    for (const row of first.options ?? []) {
      const params = {};
      for (const p of page.params) if (row[p] !== undefined && row[p] !== null) params[p] = row[p];
      if (Object.keys(params).length === 0) continue;
      const data = await pageData(source, page, params);
      write(page, params, data);
      for (const r of Object.values(data.results)) for (const x of r.rows ?? []) if (x.person_id) people.add(x.person_id);
    }
  }
  const player = pages.get('player');
  if (player) {
    write(player, {}, await pageData(source, player, {}));
    for (const id of [...people].sort((a, b) => a - b)) {
      write(player, { person_id: id }, await pageData(source, player, { person_id: id }));
    }
  }
  const ms = performance.now() - started;
  log(`built ${pages.size} pages, ${files} data files (${people.size} players) into ${out} in ${(ms / 1000).toFixed(1)} s`);
  return { files, players: people.size, ms };
}
