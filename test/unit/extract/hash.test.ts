import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodySha256, textSha256 } from '../../../src/extract/index.js';
import { cloneFixture, describeRecorded, fixture, fixtureNames, fixtureText } from '../../fixtures.js';

describeRecorded('hash over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  const BOX = 'boxscore/744914_2024R_HOU-at-TOR.json';

  describe('bodySha256', () => {
    it('is the SHA-256 hex of JSON.stringify of the body without copyright, keys in received order', () => {
      const body: Body = fixture('schedule/2024-07-01_sportId1.json');
      const { copyright: _c, ...rest } = body;
      const expected = createHash('sha256').update(JSON.stringify(rest)).digest('hex');
      expect(bodySha256('other', body)).toBe(expected);
      expect(bodySha256('other', body)).toMatch(/^[0-9a-f]{64}$/);
    });

    it('ignores a different copyright (year) and a missing one', () => {
      const a = cloneFixture(BOX);
      const b = cloneFixture(BOX);
      a.copyright = 'Copyright 2024 MLB Advanced Media, L.P.';
      b.copyright = 'Copyright 2026 MLB Advanced Media, L.P.';
      expect(bodySha256('boxscore', a)).toBe(bodySha256('boxscore', b));
      delete b.copyright;
      expect(bodySha256('boxscore', a)).toBe(bodySha256('boxscore', b));
    });

    it('ignores seasonStats of boxscore players, but not of other kinds', () => {
      const a = cloneFixture(BOX);
      const b = cloneFixture(BOX);
      const id = `ID${b.teams.home.pitchers[0]}`;
      b.teams.home.players[id].seasonStats.pitching.era = '1.23';
      b.teams.away.players[`ID${b.teams.away.batters[0]}`].seasonStats.batting.hits += 1;
      expect(bodySha256('boxscore', a)).toBe(bodySha256('boxscore', b));
      expect(bodySha256('other', a)).not.toBe(bodySha256('other', b));
    });

    it('changes when a game stat changes', () => {
      const a = cloneFixture(BOX);
      const b = cloneFixture(BOX);
      b.teams.home.players[`ID${b.teams.home.batters[0]}`].stats.batting.hits += 1;
      expect(bodySha256('boxscore', a)).not.toBe(bodySha256('boxscore', b));
    });

    it('does not mutate the body', () => {
      const body = cloneFixture(BOX);
      const before = structuredClone(body);
      bodySha256('boxscore', body);
      bodySha256('person', body);
      expect(body).toEqual(before);
    });

    it('hashes arrays and primitives as they are', () => {
      expect(bodySha256('other', [1, 2])).toBe(textSha256('[1,2]'));
      expect(bodySha256('other', null)).toBe(textSha256('null'));
    });
  });

  describe('textSha256', () => {
    it('matches a known SHA-256', () => {
      expect(textSha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    });
  });

  describe('bodyTextSha256', () => {
    it('ignores a leading copyright member in any spacing and keeps everything else', async () => {
      const { bodyTextSha256 } = await import('../../../src/extract/hash.js');
      const a = bodyTextSha256('{"copyright":"Copyright 2024 MLB","allPlays":[1,2]}');
      const b = bodyTextSha256('{ "copyright" : "Copyright 2026 \\"MLB\\"", "allPlays":[1,2]}');
      expect(a).toBe(b);
      expect(bodyTextSha256('{"copyright":"x","allPlays":[1,3]}')).not.toBe(a);
      expect(bodyTextSha256('{"allPlays":[1,2]}')).toBe(a);
    });

    // The fingerprints stored by earlier versions must not change (a changed one reloads the game).
    it.each([...fixtureNames('playByPlay'), ...fixtureNames('getWinProbability')])(
      'of %s is the SHA-256 of its text with the leading copyright cut out',
      async (relative) => {
        const { bodyTextSha256 } = await import('../../../src/extract/hash.js');
        const text = fixtureText(relative);
        const m = /^\s*\{\s*"copyright"\s*:\s*"(?:[^"\\]|\\.)*"\s*,?\s*/.exec(text);
        const cut = m ? `{${text.slice(m[0].length)}` : text;
        expect(bodyTextSha256(text)).toBe(createHash('sha256').update(cut, 'utf8').digest('hex'));
      },
    );
  });
});
