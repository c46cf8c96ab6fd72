/** What a route returns: a status and either a (cached) serialized body or a value to serialize. */

import type { CachedBody } from '../http/body-cache.js';
import { isoMillis } from '../time.js';

export interface RouteResult {
  status: number;
  entry?: CachedBody;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The real API's error body (`messageNumber` 10 = object not found). */
export function errorBody(messageNumber: number, message: string, nowMs: number) {
  return { messageNumber, message, timestamp: isoMillis(nowMs).replace('Z', '000Z'), traceId: null };
}

export const notFound = (nowMs: number): RouteResult => ({
  status: 404,
  body: errorBody(10, 'Object not found', nowMs),
});

export const badRequest = (message: string, nowMs: number): RouteResult => ({
  status: 400,
  body: errorBody(11, message, nowMs),
});

/** Splits a comma list parameter ("1,11,12") into trimmed non-empty parts. */
export function list(params: URLSearchParams, ...names: string[]): string[] | undefined {
  const values: string[] = [];
  let seen = false;
  for (const n of names) {
    for (const v of params.getAll(n)) {
      seen = true;
      values.push(
        ...v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    }
  }
  return seen ? values : undefined;
}

/** Parses "YYYY-MM-DD" or "MM/DD/YYYY" into "YYYY-MM-DD". */
export function parseDate(s: string | null): string | undefined {
  if (!s) return undefined;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return s;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const [, month, day, year] = m ?? [];
  if (month && day && year) return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return undefined;
}
