import { describe, expect, it } from 'vitest';
import { extractPeople, extractPerson, heightToInches } from '../../../src/extract/index.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';

describeRecorded('people over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  describe.each(fixtureNames('person'))('extractPeople over %s', (name) => {
    it('makes one row per person with its id, names and parsed height, rejecting nothing', () => {
      const body: Body = fixture(name);
      const { rows, rejects } = extractPeople(body);
      expect(rejects).toEqual([]);
      expect(rows.map((r) => r.person_id)).toEqual(body.people.map((p: Body) => p.id));
      for (const [i, row] of rows.entries()) {
        expect(row.full_name).toBe(body.people[i].fullName);
        expect(row.height_inches).toBeGreaterThan(60);
        expect(row.primary_position).toBe(body.people[i].primaryPosition.abbreviation);
      }
    });
  });

  describe('extractPerson', () => {
    it('maps every column of a real person', () => {
      const trout = fixture<Body>('person/545361_personIds.json').people[0];
      expect(extractPerson(trout)).toEqual({
        rows: {
          person_id: 545361,
          full_name: 'Mike Trout',
          first_name: 'Michael',
          last_name: 'Trout',
          use_name: 'Mike',
          middle_name: 'Nelson',
          boxscore_name: 'Trout',
          primary_number: '27',
          birth_date: '1991-08-07',
          birth_city: 'Vineland',
          birth_state_province: 'NJ',
          birth_country: 'USA',
          death_date: null,
          height: `6' 2"`,
          height_inches: 74,
          weight: 235,
          gender: 'M',
          bat_side: 'R',
          pitch_hand: 'R',
          primary_position: 'RF',
          primary_position_code: '9',
          mlb_debut_date: '2011-07-08',
          last_played_date: null,
          current_team_id: null,
          draft_year: 2009,
          active: true,
        },
        rejects: [],
      });
    });

    it('reads currentTeam and lastPlayedDate, and turns an empty middleName into null', () => {
      const ohtani = fixture<Body>('person/660271_brucepucci.json').people[0];
      expect(extractPerson(ohtani).rows).toMatchObject({
        current_team_id: 119,
        last_played_date: '2024-11-02',
        middle_name: null,
        primary_position: 'TWP',
        primary_position_code: 'Y',
        bat_side: 'L',
      });
    });

    it('rejects a person without an id', () => {
      const { rows, rejects } = extractPeople({
        people: [{ fullName: 'Nobody' }, fixture<Body>('person/660271_ohtani.json').people[0]],
      });
      expect(rows.map((r) => r.person_id)).toEqual([660271]);
      expect(rejects).toMatchObject([{ game_pk: null, target: 'people', path: 'people[0]' }]);
    });

    it('rejects the second copy of a person listed twice', () => {
      const ohtani = fixture<Body>('person/660271_ohtani.json').people[0];
      const { rows, rejects } = extractPeople({ people: [ohtani, ohtani] });
      expect(rows).toHaveLength(1);
      expect(rejects).toMatchObject([{ path: 'people[1]', reason: 'duplicate person id 660271' }]);
    });
  });

  describe('heightToInches', () => {
    it.each([
      [`6' 2"`, 74],
      [`5' 11"`, 71],
      [`6'`, 72],
      [`7' 0"`, 84],
      [`6' 13"`, null],
      ['74', null],
      ['', null],
      [null, null],
    ])('%j → %s', (height, inches) => {
      expect(heightToInches(height)).toBe(inches);
    });
  });
});
