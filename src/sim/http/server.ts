/**
 * Request handling: /api routes with fault injection, gzip and Content-Length; /__sim controls;
 * a request log.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { CORRECTION_KINDS, changePerson, correctGame } from '../control.js';
import type { Core } from '../core.js';
import { REGISTER_PATH, registerArchive } from '../register.js';
import { errorBody, type RouteResult } from '../routes/result.js';
import { routeApi } from '../routes/router.js';
import type { World } from '../world.js';
import type { CachedBody } from './body-cache.js';
import { createFaultPlan, type FaultConfig, type FaultPlan } from './faults.js';

export interface RequestLogEntry {
  /** When the answer was sent. */
  at: Date;
  /** When the request arrived (what a rate limit is measured against). */
  receivedAt: Date;
  method: string;
  path: string;
  status: number;
  bytes: number;
}

export interface ServerDeps {
  /** The primary core (MLB, the clock's season): clock, person changes, the body cache. */
  core: Core;
  /** Every level and season served (one core by default). */
  world: World;
  log: RequestLogEntry[];
  faults: { plan: FaultPlan };
  setNow(ms: number): void;
  listGames(): unknown;
}

const MAX_LOG = 100_000;
const JSON_TYPE = 'application/json;charset=UTF-8';

function record(deps: ServerDeps, entry: RequestLogEntry): void {
  deps.log.push(entry);
  if (deps.log.length > MAX_LOG) deps.log.splice(0, deps.log.length - MAX_LOG);
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
    req.on('error', () => resolve({}));
  });
}

function send(
  res: ServerResponse,
  req: IncomingMessage,
  status: number,
  payload: Buffer | CachedBody,
  deps: ServerDeps,
  extra: Record<string, string> = {},
  truncate = false,
): number {
  const entry: CachedBody = Buffer.isBuffer(payload) ? { json: payload } : payload;
  const wantsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = wantsGzip
    ? Buffer.isBuffer(payload)
      ? gzipSync(entry.json, { level: 1 })
      : deps.core.bodies.gzipOf(entry)
    : entry.json;
  const headers: Record<string, string | number> = {
    'Content-Type': JSON_TYPE,
    'Content-Length': body.length,
    // The simulated clock, as a real server dates its answers by its own.
    Date: new Date(deps.core.state.nowMs).toUTCString(),
    ...extra,
  };
  if (wantsGzip) headers['Content-Encoding'] = 'gzip';
  res.writeHead(status, headers);
  if (truncate) {
    const half = body.subarray(0, Math.floor(body.length / 2));
    res.write(half, () => res.destroy());
    return half.length;
  }
  res.end(body);
  return body.length;
}

const jsonBuf = (v: unknown) => Buffer.from(JSON.stringify(v));

async function handleControl(
  deps: ServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<number> {
  const { core } = deps;
  const reply = (status: number, v: unknown) => send(res, req, status, jsonBuf(v), deps);
  try {
    if (path === '/__sim/clock' && req.method === 'GET')
      return reply(200, { now: new Date(core.state.nowMs).toISOString() });
    if (path === '/__sim/clock' && req.method === 'POST') {
      const b = await readJson(req);
      if (typeof b.now === 'string' && !Number.isNaN(Date.parse(b.now))) deps.setNow(Date.parse(b.now));
      else if (typeof b.advanceMs === 'number') deps.setNow(core.state.nowMs + b.advanceMs);
      else return reply(400, { error: 'expected {"now": "<ISO>"} or {"advanceMs": n}' });
      return reply(200, { now: new Date(core.state.nowMs).toISOString() });
    }
    if (path === '/__sim/correct' && req.method === 'POST') {
      const b = await readJson(req);
      const pk = typeof b.gamePk === 'number' ? b.gamePk : undefined;
      const kind = CORRECTION_KINDS.find((k) => k === b.kind);
      const opts = { silent: b.silent === true, ...(kind ? { kind } : {}) };
      return reply(200, correctGame((pk !== undefined && deps.world.coreOfGame(pk)) || core, pk, opts));
    }
    if (path === '/__sim/person-change' && req.method === 'POST') {
      const b = await readJson(req);
      const kind = b.change === 'trade' || b.change === 'number' ? b.change : undefined;
      return reply(200, changePerson(core, typeof b.personId === 'number' ? b.personId : undefined, kind));
    }
    if (path === '/__sim/faults' && req.method === 'POST') {
      deps.faults.plan = createFaultPlan((await readJson(req)) as FaultConfig);
      return reply(200, { ok: true });
    }
    if (path === '/__sim/requests' && req.method === 'GET') return reply(200, deps.log);
    if (path === '/__sim/games' && req.method === 'GET') return reply(200, deps.listGames());
    if (path === '/__sim/stats' && req.method === 'GET') {
      const m = process.memoryUsage();
      const cpu = process.cpuUsage();
      return reply(200, {
        rss: m.rss,
        heapUsed: m.heapUsed,
        cpuMs: (cpu.user + cpu.system) / 1000,
        cacheBytes: core.bodies.bytes,
        cacheEntries: core.bodies.size,
      });
    }
    return reply(404, { error: 'unknown control endpoint' });
  } catch (err) {
    return reply(409, { error: (err as Error).message });
  }
}

function faultResult(deps: ServerDeps, fault: string): RouteResult | undefined {
  const now = deps.core.state.nowMs;
  const retry = String(deps.faults.plan.config.retryAfterSeconds ?? 1);
  if (fault === '429')
    return { status: 429, body: errorBody(429, 'Too Many Requests', now), headers: { 'Retry-After': retry } };
  if (fault === '500') return { status: 500, body: errorBody(1, 'Internal error occurred', now) };
  if (fault === '503')
    return { status: 503, body: errorBody(1, 'Service Unavailable', now), headers: { 'Retry-After': retry } };
  if (fault === '404') return { status: 404, body: errorBody(10, 'Object not found', now) };
  if (fault === 'messageNumber')
    return {
      status: 200,
      body: { messageNumber: 13, message: 'Operation taking longer than expected - please try again' },
    };
  return undefined;
}

/** The answer to an /api request: the fault decided for it, else its route (the body as sent, not yet gzipped). */
export function answerApi(
  deps: ServerDeps,
  url: URL,
  fault: string | undefined,
): { status: number; payload: Buffer | CachedBody; headers?: Record<string, string> } {
  const result = (fault && faultResult(deps, fault)) || routeApi(deps.world, url.pathname, url.searchParams);
  return { status: result.status, payload: result.entry ?? jsonBuf(result.body), headers: result.headers };
}

/** Handles one HTTP request (never throws; errors become 500 bodies). */
export async function handleRequest(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = new Date();
  const url = new URL(req.url ?? '/', 'http://sim.local');
  const pathAndQuery = url.pathname + url.search;
  const method = req.method ?? 'GET';
  let status = 500;
  let bytes = 0;
  try {
    if (url.pathname.startsWith('/__sim/')) {
      bytes = await handleControl(deps, req, res, url.pathname);
      status = res.statusCode;
    } else if (url.pathname.startsWith('/api/')) {
      const fault = deps.faults.plan.decide(pathAndQuery);
      if (fault === 'slow') await new Promise((r) => setTimeout(r, deps.faults.plan.config.slowMs ?? 2000));
      const result = answerApi(deps, url, fault);
      status = result.status;
      bytes = send(res, req, status, result.payload, deps, result.headers, fault === 'truncated');
    } else if (url.pathname === REGISTER_PATH && method === 'GET') {
      // The register of the simulated people, as GitHub serves the real one's archive.
      const zip = registerArchive(
        deps.world.cores.flatMap((c) => c.league.people),
        deps.core.model.season,
      );
      status = 200;
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': zip.length });
      res.end(zip);
      bytes = zip.length;
    } else {
      status = 404;
      bytes = send(res, req, 404, jsonBuf(errorBody(10, 'Object not found', deps.core.state.nowMs)), deps);
    }
  } catch (err) {
    status = 500;
    if (!res.headersSent)
      bytes = send(
        res,
        req,
        500,
        jsonBuf({ ...errorBody(1, 'Internal error occurred', deps.core.state.nowMs), detail: (err as Error).message }),
        deps,
      );
    else res.destroy();
  }
  record(deps, { at: new Date(), receivedAt, method, path: pathAndQuery, status, bytes });
}
