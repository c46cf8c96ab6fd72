import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_NAMES, getOperation, listOperations, type RegisteredOperation } from '../../../src/api/index.js';
import { OperationUnavailableError } from '../../../src/errors.js';
import { describeRecorded } from '../../fixtures.js';
import { readInterfaceRows, readSwaggerOperations } from '../../helpers/spec.js';

const allOps = listOperations();
/** The operations of the interface's §4; the few beyond it (origin openapi-3.1) are checked on their own. */
const ops = allOps.filter((o) => o.origin === undefined);
const UNAVAILABLE = ['affiliates', 'allTeams'];

describe('the operation registry', () => {
  it('gives every home run derby operation a required gamePk and fields', () => {
    const derby = ops.filter((o) => o.group === 'homeRunDerby');
    expect(derby).toHaveLength(6);
    for (const op of derby) {
      expect(op.params.map((d) => [d.name, d.required])).toEqual([
        ['gamePk', true],
        ['fields', false],
      ]);
    }
  });

  it('lists hydrate only where the community OpenAPI 3.1 lists it', () => {
    const withHydrate = ops.filter((o) => o.params.some((d) => d.name === 'hydrate')).map((o) => o.qualifiedName);
    expect(withHydrate.sort()).toEqual(
      [
        'game.liveGameV1',
        'person.person',
        'schedule.__schedule_base',
        'schedule.__schedule_scheduleType',
        'schedule.schedule',
        'team.roster',
        'team.teams',
      ].sort(),
    );
  });

  it('has a path parameter for every placeholder and a placeholder for every path parameter', () => {
    for (const op of allOps) {
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(
        op.params.filter((d) => d.in === 'path').map((d) => d.name),
        op.qualifiedName,
      ).toEqual(placeholders);
      expect(op.path, op.qualifiedName).toMatch(/^\/v1(\.1)?\//);
    }
  });

  it('uses /v1.1 exactly for the live game feed operations', () => {
    expect(
      ops
        .filter((o) => o.path.startsWith('/v1.1/'))
        .map((o) => o.name)
        .sort(),
    ).toEqual(['liveGameDiffPatchV1', 'liveGameV1', 'liveTimestampv11']);
  });

  it('tells apart the names two groups share, and accepts them only group-qualified', () => {
    expect([...AMBIGUOUS_NAMES].sort()).toEqual(['currentGameStats', 'leaders', 'stats']);
    expect(getOperation('team.stats').path).toBe('/v1/teams/stats');
    expect(getOperation('stats.stats').path).toBe('/v1/stats');
    expect(getOperation('team.leaders').path).toBe('/v1/teams/stats/leaders');
    expect(getOperation('stats.leaders').path).toBe('/v1/stats/leaders');
    expect(getOperation('game.currentGameStats').path).toBe('/v1/game/changes');
    expect(getOperation('person.currentGameStats').path).toBe('/v1/people/changes');
    for (const [name, candidates] of [
      ['stats', 'team.stats or stats.stats'],
      ['leaders', 'team.leaders or stats.leaders'],
      ['currentGameStats', 'game.currentGameStats or person.currentGameStats'],
    ] as const) {
      expect(() => getOperation(name)).toThrow(OperationUnavailableError);
      expect(() => getOperation(name)).toThrow(candidates);
    }
  });

  it('accepts every unambiguous operation by its bare name and every operation by group.name', () => {
    for (const op of allOps) {
      expect(getOperation(op.qualifiedName)).toBe(op);
      if (!AMBIGUOUS_NAMES.includes(op.name)) expect(getOperation(op.name)).toBe(op);
      expect(op.callName).toBe(AMBIGUOUS_NAMES.includes(op.name) ? op.qualifiedName : op.name);
    }
  });

  it('makes equivalent entries of one path the same call', () => {
    const aliases = ops.filter((o): o is RegisteredOperation & { aliasOf: string } => o.aliasOf !== undefined);
    expect(aliases.map((o) => `${o.name}=${o.aliasOf}`).sort()).toEqual(
      [
        '__currentGameStats_base=currentGameStats',
        '__homeRunDerbyPool_base=homeRunDerbyPool',
        '__leaders_base=leaders',
        '__schedule_base=schedule',
        '__seasons_base=seasons',
      ].sort(),
    );
    for (const a of aliases) {
      const target = getOperation(`${a.group}.${a.aliasOf}`);
      expect(a.path).toBe(target.path);
      expect(a.params).toEqual(target.params);
    }
  });

  it('refuses affiliates and allTeams as not available in this interface', () => {
    for (const name of [...UNAVAILABLE, ...UNAVAILABLE.map((n) => `team.${n}`)]) {
      expect(() => getOperation(name)).toThrow(OperationUnavailableError);
      expect(() => getOperation(name)).toThrow('not available in this interface');
    }
    expect(ops.some((o) => UNAVAILABLE.includes(o.name))).toBe(false);
  });

  it('adds exactly transactions, the draft and the venues beyond the interface, every parameter from the OpenAPI 3.1', () => {
    const beyond = allOps.filter((o) => o.origin === 'openapi-3.1');
    expect(beyond.map((o) => `${o.qualifiedName} ${o.path}`)).toEqual([
      'person.transactions /v1/transactions',
      'season.draft /v1/draft/{yearId}',
      'team.venues /v1/venues',
    ]);
    for (const op of beyond) {
      expect(getOperation(op.name)).toBe(op);
      expect(
        op.params.every((d) => d.source === 'openapi-3.1' && d.required === (d.in === 'path')),
        op.name,
      ).toBe(true);
    }
  });

  it('refuses an unknown operation with a hint', () => {
    expect(() => getOperation('boxScore')).toThrow(/unknown operation "boxScore".*boxscore/);
    expect(() => getOperation('nothing-like-it')).toThrow(/unknown operation.*--list/);
  });
});

function kindOf(name: string, type: string): string {
  if (name === 'updatedSince') return 'dateTime';
  if (name === 'timecode') return 'timecode';
  if (name === 'startTimecode' || name === 'endTimecode') return 'patchTimecode';
  if (type === 'integer' || type === 'Optional«int»') return 'integer';
  if (type === 'LocalDate') return 'date';
  if (type === 'Optional«string»') return 'string';
  return type;
}

function sortByName<T extends { name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name));
}

describeRecorded(
  'the operation registry against the interface specification',
  () => {
    const rows = readInterfaceRows();

    it('holds exactly the operations of the interface §4 tables, under their names, groups and paths', () => {
      const fromSpec = rows.flatMap((r) => r.names.map((name) => `${r.group}.${name} ${r.path}`)).sort();
      const fromRegistry = ops.map((o) => `${o.qualifiedName} ${o.path}`).sort();
      expect(fromSpec.length).toBeGreaterThan(80);
      expect(fromRegistry).toEqual(fromSpec);
    });

    it('marks required exactly the parameters the interface marks R, and path placeholders', () => {
      for (const row of rows) {
        for (const name of row.names) {
          const op = getOperation(`${row.group}.${name}`);
          for (const shown of row.params ?? []) {
            const def = op.params.find((d) => d.name === shown.name);
            expect(def, `${op.qualifiedName} ${shown.name}`).toBeDefined();
            expect(def!.source, `${op.qualifiedName} ${shown.name}`).toBe('interface');
            expect(def!.required, `${op.qualifiedName} ${shown.name}`).toBe(shown.required || def!.in === 'path');
          }
        }
      }
    });

    it('fills the parameters the interface does not show from the Swagger, with the Swagger types and required flags', () => {
      const swagger = new Map(readSwaggerOperations().map((s) => [s.path, s]));
      for (const op of ops) {
        const s = swagger.get(op.path);
        expect(s, op.path).toBeDefined();
        const hasPlaceholder = (name: string) => op.path.includes(`{${name}}`);
        // A Swagger "path" parameter whose path has no placeholder is sent as a query parameter
        // (teams' teamId, seasons' seasonId, the derby's gamePk) or, for /v1/people, left out as the interface does.
        const expected = s!.params
          .filter((p) => !(op.path === '/v1/people' && p.name === 'personId'))
          .map((p) => ({
            name: p.name,
            in: p.paramType === 'path' && hasPlaceholder(p.name) ? 'path' : 'query',
            required:
              p.paramType === 'path' && !hasPlaceholder(p.name)
                ? p.type !== 'Optional«int»' && p.type !== 'Optional«string»' && p.required
                : p.required,
            kind: kindOf(p.name, p.type),
            items: p.type === 'array' ? (p.itemsType === 'integer' ? 'integer' : 'string') : undefined,
          }));
        // The Swagger declares no parameter for {scheduleType}; the interface leaves its type open: a string.
        for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
          if (!expected.some((e) => e.name === name))
            expected.push({ name: name!, in: 'path', required: true, kind: 'string', items: undefined });
        }
        const actual = op.params
          .filter((d) => d.name !== 'hydrate')
          .map((d) => ({ name: d.name, in: d.in, required: d.required, kind: d.kind, items: d.items }));
        expect(sortByName(actual), op.qualifiedName).toEqual(sortByName(expected));
      }
    });
  },
  { needs: 'spec' },
);
