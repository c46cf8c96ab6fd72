#!/usr/bin/env node
// Time to interactive of every page of a running site, in the system Chromium, beside the time the
// page's SQL took on the server (docs/dashboards.md's figures):
//   node dashboards/measure.mjs http://127.0.0.1:3050/
import { existsSync } from 'node:fs';
import { loadPages } from './lib/pages.mjs';

const base = process.argv[2];
if (!base || !/^http:\/\/127\.0\.0\.1:\d+\/$/.test(base)) {
  console.error('usage: node dashboards/measure.mjs http://127.0.0.1:PORT/');
  process.exit(2);
}
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!executablePath) {
  console.error('no Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  process.exit(1);
}
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'], headless: true });
const pitching = await (await fetch(`${base}data/pitching/default.json`)).json();
const pitcher = pitching.results.so_leaders?.rows?.[0]?.person_id;
const rels = [...loadPages().keys()].map((p) => `${p}.html`);
if (pitcher) rels.push(`player.html?person_id=${pitcher}`);
console.log('| page | interactive | its SQL |\n|---|---|---|');
for (const rel of rels) {
  const page = await browser.newPage();
  await page.goto(base + rel);
  await page.waitForSelector('body[data-ready], body[data-failed]', { state: 'attached', timeout: 30_000 });
  const d = await page.evaluate(() => ({ d: window.__dashboards, failed: document.body.dataset.failed }));
  console.log(d.failed ? `| ${rel} | failed | |` : `| ${rel} | ${d.d.readyMs.toFixed(0)} ms | ${d.d.sqlTotalMs} ms |`);
  await page.close();
}
await browser.close();
