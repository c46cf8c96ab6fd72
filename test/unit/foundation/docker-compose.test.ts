import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.js';

// There is no Docker engine here: the compose file is checked as data, as `docker compose` reads it.

interface Service {
  ports?: Array<string | { target?: number; published?: string | number; host_ip?: string }>;
  entrypoint?: string | string[];
  command?: string | string[];
  healthcheck?: { test?: string | string[] };
}

const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);

/** Compose interpolation with no variable set: `${X:-d}` and `${X-d}` give d, `$X` and `${X}` nothing, `$$` a `$`. */
function interpolate(text: string): string {
  return text
    .replaceAll('$$', '\u0000')
    .replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, '')
    .replaceAll('\u0000', '$');
}

/** A published port as [host address, host port, container port], short or long syntax. */
function published(port: Service['ports'] extends Array<infer P> | undefined ? P : never): [string, number, number] {
  if (typeof port === 'object') return [port.host_ip ?? '0.0.0.0', Number(port.published), Number(port.target)];
  const parts = interpolate(port)
    .replace(/\/(tcp|udp)$/, '')
    .split(':');
  const [container, host, ip] = parts.reverse();
  return [ip ?? '0.0.0.0', Number(host ?? container), Number(container)];
}

/** Every shell text a service runs: its entrypoint, command and health check, as the container's sh sees them. */
function scripts(service: Service): string[] {
  return [service.entrypoint, service.command, service.healthcheck?.test]
    .filter((v) => v !== undefined)
    .map((v) => interpolate(Array.isArray(v) ? v.join(' ') : v));
}

/** The lines of a shell text outside here-document bodies (what becomes commands and their arguments). */
function commandLines(script: string): string[] {
  const out: string[] = [];
  let until: string | undefined;
  for (const line of script.split('\n')) {
    if (until !== undefined) {
      if (line.trim() === until) until = undefined;
      continue;
    }
    out.push(line);
    until = /<<-?\s*['"]?(\w+)['"]?/.exec(line)?.[1];
  }
  return out;
}

describe('docker-compose.yml', () => {
  it('publishes no port on the host port 5432, which a machine running its own Postgres holds', () => {
    const ports = services.flatMap(([name, s]) => (s.ports ?? []).map((p) => ({ name, port: published(p) })));
    expect(ports.length).toBeGreaterThan(0);
    expect(ports.filter(({ port }) => port[1] === 5432)).toEqual([]);
  });

  it("publishes Postgres on the host's loopback at DUGOUT_PG_PORT, 55432 by default", () => {
    const [spec] = compose.services.postgres!.ports!;
    expect(spec).toMatch(/\$\{DUGOUT_PG_PORT:-55432\}/);
    expect(published(spec!)).toEqual(['127.0.0.1', 55432, 5432]);
  });

  it('publishes every port on the loopback only', () => {
    for (const [, s] of services) for (const p of s.ports ?? []) expect(published(p)[0]).toBe('127.0.0.1');
  });

  it('puts no password on a command line: reader-role reads it from stdin, never from an argument', () => {
    const texts = services.flatMap(([, s]) => scripts(s));
    for (const line of texts.flatMap(commandLines)) {
      expect(line).not.toMatch(/--password(?!-file)\b/);
      expect(line).not.toMatch(/\$\{?\w*PASSWORD/);
    }
    expect(texts.join('\n')).toMatch(/reader-role --password-file - <</);
  });
});
