// A page is two files in pages/: <id>.json (title, pickers, blocks) and <id>.sql (its queries, each
// after a `-- name: <query>` line, with `:param` placeholders). This module loads them and answers a
// page's data for a set of parameters.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PAGES_DIR = fileURLToPath(new URL('../pages/', import.meta.url));

const PARAM_RULES = {
  season: { re: /^(18[7-9]\d|19\d\d|20\d\d|2100)$/, cast: Number },
  game_type: { re: /^[A-Z]$/, cast: String },
  person_id: { re: /^\d{1,9}$/, cast: Number },
  year: { re: /^(18[7-9]\d|19\d\d|20\d\d|2100)$/, cast: Number },
  // A draft round by its order in the draft (1 the first round; 0 every round), a club by its team id (0 every club).
  round: { re: /^\d{1,2}$/, cast: Number },
  team_id: { re: /^\d{1,6}$/, cast: Number },
  // A week (its Monday) and a day, each as whole days since 1970-01-01 UTC: one integer both engines compare.
  week: { re: /^\d{1,6}$/, cast: Number },
  as_of: { re: /^\d{1,6}$/, cast: Number },
};

export function loadPages(dir = PAGES_DIR) {
  const pages = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const id = file.slice(0, -'.json'.length);
    const def = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const queries = parseSql(readFileSync(path.join(dir, `${id}.sql`), 'utf8'), `${id}.sql`);
    for (const b of def.blocks ?? []) {
      if (b.query && !queries.has(b.query)) throw new Error(`pages/${file}: block query ${b.query} is not in ${id}.sql`);
    }
    for (const p of def.params ?? []) if (!PARAM_RULES[p]) throw new Error(`pages/${file}: unknown parameter ${p}`);
    pages.set(id, { id, ...def, params: def.params ?? [], queries });
  }
  return pages;
}

/** `-- name: x` sections of a SQL file, each with its `:param` placeholders turned into `$n`. */
export function parseSql(text, label) {
  const out = new Map();
  let name;
  let lines = [];
  const flush = () => {
    if (!name) return;
    const body = lines.join('\n').trim().replace(/;\s*$/, '');
    const meta = {};
    const m = /^--\s*only:\s*(\w+)/m.exec(body);
    if (m) meta.only = m[1];
    // `-- for: <query>`: this query answers <query> on its `only` source (the same rows, other SQL).
    const f = /^--\s*for:\s*([a-z_][a-z0-9_]*)/m.exec(body);
    if (f) meta.for = f[1];
    const names = [];
    const sql = body.replace(/(?<!:):([a-z_]+)\b/g, (_, p) => {
      if (!PARAM_RULES[p]) throw new Error(`${label}: unknown parameter :${p} in ${name}`);
      let i = names.indexOf(p);
      if (i < 0) i = names.push(p) - 1;
      return `$${i + 1}`;
    });
    out.set(name, { name, sql, params: names, ...meta });
  };
  for (const line of text.split('\n')) {
    const m = /^--\s*name:\s*([a-z_][a-z0-9_]*)\s*$/.exec(line);
    if (m) {
      flush();
      name = m[1];
      lines = [];
    } else if (name) lines.push(line);
  }
  flush();
  return out;
}

/** Parameters of a request, checked: an unknown or malformed one is an error (a 400). */
export function checkParams(page, raw) {
  const params = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!page.params.includes(k)) throw new BadRequest(`${page.id}: no parameter ${k}`);
    const rule = PARAM_RULES[k];
    if (typeof v !== 'string' || !rule.re.test(v)) throw new BadRequest(`${page.id}: ${k} must match ${rule.re}`);
    params[k] = rule.cast(v);
  }
  return params;
}

export class BadRequest extends Error {}

/** DASHBOARDS_REFRESH_SECONDS: one refresh period for every live page instead of each page's own. */
const REFRESH_SECONDS = /^\d{1,4}$/.test(process.env.DASHBOARDS_REFRESH_SECONDS ?? '')
  ? Math.max(1, Number(process.env.DASHBOARDS_REFRESH_SECONDS))
  : undefined;

/** The file name of a page's data for these parameters (`default` for none). */
export function dataKey(params) {
  const keys = Object.keys(params).sort();
  if (keys.length === 0) return 'default';
  return keys.map((k) => `${k.replaceAll('_', '~')}-${params[k]}`).join('_');
}

export function parseDataKey(key) {
  if (key === 'default') return {};
  const out = {};
  for (const part of key.split('_')) {
    const i = part.lastIndexOf('-');
    if (i <= 0) throw new BadRequest(`bad data key ${key}`);
    out[part.slice(0, i).replaceAll('~', '_')] = part.slice(i + 1);
  }
  return out;
}

/**
 * A page's data: its pickers' options, the parameters in force (defaults filled from the options'
 * first row) and every query's rows, with the time its SQL took.
 */
export async function pageData(source, page, requested) {
  const started = performance.now();
  return source.session(async (run) => {
    const params = { ...requested };
    const results = {};
    let options = null;
    const q = page.queries.get('options');
    if (q) {
      const r = await run(q.sql, q.params.map((p) => params[p] ?? null));
      options = r.rows;
      for (const p of page.params) {
        if (params[p] === undefined && options[0] && options[0][p] !== undefined && options[0][p] !== null) {
          params[p] = options[0][p];
        }
      }
    }
    const sqlMs = {};
    for (const [name, query] of page.queries) {
      if (name === 'options') continue;
      if (query.only && query.only !== source.kind) {
        const stand = [...page.queries.values()].some((o) => o.for === name && o.only === source.kind);
        if (!query.for && !stand) results[name] = { unavailable: `needs the ${query.only} source (DUGOUT_READER_URL)` };
        continue;
      }
      const key = query.for ?? name;
      if (query.params.some((p) => params[p] === undefined || params[p] === null)) {
        results[key] = { columns: [], rows: [] };
        continue;
      }
      const t0 = performance.now();
      try {
        results[key] = await run(
          query.sql,
          query.params.map((p) => params[p]),
        );
      } catch (err) {
        // A relation this warehouse lacks (an older export, a table of a later release) leaves its
        // block empty with the reason; any other error is the page's.
        if (!/does not exist|Catalog Error|permission denied/i.test(String(err?.message))) throw err;
        results[key] = { unavailable: String(err.message).split('\n')[0] };
      }
      sqlMs[key] = Math.round((performance.now() - t0) * 10) / 10;
    }
    return {
      page: page.id,
      title: page.title,
      source: source.kind,
      params,
      options,
      results,
      sqlMs,
      sqlTotalMs: Math.round((performance.now() - started) * 10) / 10,
      warehouse: source.manifest?.warehouse ?? null,
      refreshSeconds: source.live && page.refreshSeconds ? (REFRESH_SECONDS ?? page.refreshSeconds) : null,
      generatedAt: new Date().toISOString(),
    };
  });
}
