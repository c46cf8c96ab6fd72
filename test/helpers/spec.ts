import { readFileSync } from 'node:fs';
import { SPEC_DIR as SPEC_ROOT } from '../fixtures.js';

const SPEC_DIR = `${SPEC_ROOT}/`;

/** One operation row of the interface's §4 tables. */
export interface SpecRow {
  group: string;
  /** Names of the row: `__schedule_base and schedule` gives two. */
  names: string[];
  path: string;
  /** Parameters the row shows, with their R flag; `undefined` for the home run derby rows (stated once for all six). */
  params?: Array<{ name: string; required: boolean }>;
}

const GROUP_BY_HEADING: Record<string, string> = {
  Game: 'game',
  Team: 'team',
  'Home run derby': 'homeRunDerby',
  Season: 'season',
  Job: 'job',
  'Configuration (reference lists)': 'config',
  Schedule: 'schedule',
  Stats: 'stats',
  Person: 'person',
};

/** Parse the operation tables of `stats-api-interface.md` §4. */
export function readInterfaceRows(): SpecRow[] {
  const text = readFileSync(`${SPEC_DIR}stats-api-interface.md`, 'utf8');
  const rows: SpecRow[] = [];
  let group: string | undefined;
  for (const line of text.split('\n')) {
    const heading = /^### 4\.\d+ (.+)$/.exec(line);
    if (heading) {
      group = GROUP_BY_HEADING[heading[1]!];
      if (!group) throw new Error(`unknown §4 heading ${heading[1]}`);
      continue;
    }
    if (/^## [5-9]/.test(line)) group = undefined;
    if (!group || !line.startsWith('| ') || line.startsWith('| Operation') || line.startsWith('|---')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const names = cells[0]!
      .replace(/\s*\(.*\)$/, '')
      .split(' and ')
      .map((n) => n.trim());
    rows.push({ group, names, path: cells[1]!, params: cells[2] === undefined ? undefined : parseParams(cells[2]) });
  }
  return rows;
}

function parseParams(cell: string): Array<{ name: string; required: boolean }> {
  if (cell === 'none') return [];
  return splitTopLevel(cell)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/more parameters: not shown/.test(s) && !s.startsWith('the same query parameters'))
    .map((s) => ({ name: s.split(/[\s,]/)[0]!, required: /(^|\s)R([\s,]|$)/.test(s.replace(/\(.*?\)/g, '')) }));
}

/** Split on `;` outside parentheses. */
function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ';' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** One operation of MLB's Swagger 1.2 files. */
export interface SwaggerOperation {
  nickname: string;
  method: string;
  path: string;
  params: Array<{ name: string; required: boolean; paramType: string; type: string; itemsType?: string }>;
}

/** Every GET operation of the Swagger files of the interface's groups. */
export function readSwaggerOperations(): SwaggerOperation[] {
  const files = ['game', 'team', 'homerunderby', 'season', 'job', 'config', 'schedule', 'stats', 'person'];
  const out: SwaggerOperation[] = [];
  for (const f of files) {
    const doc = JSON.parse(readFileSync(`${SPEC_DIR}openapi/statsapi-swagger-1.2/stats-api-1.0/${f}.json`, 'utf8')) as {
      apis: Array<{
        path: string;
        operations: Array<{ nickname: string; method: string; parameters?: Array<Record<string, unknown>> }>;
      }>;
    };
    for (const api of doc.apis) {
      for (const o of api.operations) {
        if (o.method !== 'GET') continue;
        out.push({
          nickname: o.nickname,
          method: o.method,
          path: api.path,
          params: (o.parameters ?? []).map((p) => ({
            name: String(p.name),
            required: p.required === true,
            paramType: String(p.paramType),
            type: String(p.type ?? p.$ref),
            itemsType: (p.items as { type?: string } | undefined)?.type,
          })),
        });
      }
    }
  }
  return out;
}
