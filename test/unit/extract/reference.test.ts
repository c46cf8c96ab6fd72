import { describe, expect, it } from 'vitest';
import { extractReferenceList } from '../../../src/extract/index.js';
import { describeRecorded, fixture } from '../../fixtures.js';

describeRecorded('reference over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  describe('extractReferenceList', () => {
    it('makes one row per game type of /v1/gameTypes, keeping the entry as attributes', () => {
      const body: Body[] = fixture('config/gameTypes/gameTypes.json');
      const rows = extractReferenceList('gameTypes', body);
      expect(rows.map((r) => r.code)).toEqual(body.map((e) => e.id));
      expect(rows.find((r) => r.code === 'R')).toEqual({
        list: 'gameTypes',
        code: 'R',
        description: 'Regular Season',
        attributes: { id: 'R', description: 'Regular Season' },
      });
    });

    it.each([
      ['code', { code: 'HR', description: 'Home Run' }, 'HR', 'Home Run'],
      [
        'statusCode over name',
        { statusCode: 'DR', codedGameState: 'D', detailedState: 'Postponed' },
        'DR',
        'Postponed',
      ],
      ['numeric id as text', { id: 1, name: 'Pitcher' }, '1', 'Pitcher'],
      ['displayName', { displayName: 'season' }, 'season', 'season'],
      ['lookupParam', { lookupParam: 'era' }, 'era', null],
    ])('takes the code from %s', (_label, entry, code, description) => {
      expect(extractReferenceList('x', [entry])).toEqual([{ list: 'x', code, description, attributes: entry }]);
    });

    it('skips entries without a code, keeps the first of a repeated code, and unwraps a wrapper object', () => {
      const rows = extractReferenceList('x', {
        copyright: 'c',
        items: [{ code: 'A' }, { foo: 1 }, 'junk', { code: 'A', description: 'again' }],
      });
      expect(rows).toEqual([{ list: 'x', code: 'A', description: null, attributes: { code: 'A' } }]);
    });
  });

  describe('rosterTypes', () => {
    it('are identified by their parameter (the value the roster operation takes)', () => {
      const body = [
        { description: '40 Man roster', lookupName: '40Man', parameter: '40Man' },
        { description: 'Active roster', lookupName: 'active', parameter: 'active' },
      ];
      expect(extractReferenceList('rosterTypes', body).map((r) => [r.code, r.description])).toEqual([
        ['40Man', '40 Man roster'],
        ['active', 'Active roster'],
      ]);
    });
  });
});
