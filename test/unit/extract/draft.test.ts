import { describe, expect, it } from 'vitest';
import { extractDraftPicks } from '../../../src/extract/draft.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';

const AS_OF = '2024-07-20';

describe('draft pick rows', () => {
  it('reads the dollar amounts sent as text, and rejects a pick without a number and a repeated number', () => {
    const body = {
      drafts: {
        draftYear: 2030,
        rounds: [
          {
            round: '1',
            picks: [
              { pickNumber: 1, pickRound: '1', pickValue: '10570600', signingBonus: '8950000', team: { id: 114 } },
              { pickRound: '1', team: { id: 115 } },
              { pickNumber: 1, pickRound: '1', team: { id: 116 } },
            ],
          },
          { round: 'CB-A', picks: [{ pickNumber: 2, isPass: true, isDrafted: false }] },
        ],
      },
    };
    const { rows, rejects } = extractDraftPicks(body, { year: 2029, asOfDate: AS_OF });
    expect(rows.map((r) => [r.year, r.pick_number, r.pick_round, r.pick_value, r.signing_bonus, r.team_id])).toEqual([
      [2030, 1, '1', 10570600, 8950000, 114],
      [2030, 2, 'CB-A', null, null, null],
    ]);
    expect(rows[1]).toMatchObject({ is_pass: true, is_drafted: false, person_id: null, as_of_date: AS_OF });
    expect(rejects.map((r) => r.path)).toEqual(['drafts.rounds[0].picks[1]', 'drafts.rounds[0].picks[2]']);
  });

  it('takes the year requested when the body names none, and an empty draft gives no row', () => {
    expect(extractDraftPicks({ drafts: { rounds: [] } }, { year: 2031, asOfDate: AS_OF })).toEqual({
      rows: [],
      rejects: [],
    });
    const { rows } = extractDraftPicks(
      { drafts: { rounds: [{ picks: [{ pickNumber: 7 }] }] } },
      { year: 2031, asOfDate: AS_OF },
    );
    expect(rows.map((r) => [r.year, r.pick_number])).toEqual([[2031, 7]]);
  });
});

describeRecorded('recorded draft bodies', () => {
  it('extract every pick without a reject, each field as the body gives it', () => {
    const bodies = fixtureBodies('draftPicks');
    expect(bodies.length).toBeGreaterThan(0);
    for (const { file, body } of bodies) {
      // biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
      const drafts = (body as { drafts: { draftYear: number; rounds: Array<{ picks: Array<Record<string, any>> }> } })
        .drafts;
      const picks = drafts.rounds.flatMap((r) => r.picks);
      const { rows, rejects } = extractDraftPicks(body, { year: drafts.draftYear, asOfDate: AS_OF });
      expect(rejects, file).toEqual([]);
      expect(rows.length, file).toBe(picks.length);
      rows.forEach((r, i) => {
        const p = picks[i]!;
        expect(r.year).toBe(drafts.draftYear);
        expect(r.pick_number).toBe(p.pickNumber);
        expect(r.round_pick_number).toBe(p.roundPickNumber);
        expect(r.pick_round).toBe(p.pickRound);
        expect(r.team_id).toBe(p.team.id);
        expect(r.person_id).toBe(p.person?.id ?? null);
        expect(r.school_name).toBe(p.school?.name ?? null);
        expect(r.school_state).toBe(p.school?.state ?? null);
        expect(r.signing_bonus).toBe(p.signingBonus === undefined ? null : Number(p.signingBonus));
        expect(r.pick_value).toBe(p.pickValue === undefined ? null : Number(p.pickValue));
        expect(r.rank).toBe(p.rank ?? null);
        expect(r.is_drafted).toBe(p.isDrafted);
        expect(r.is_pass).toBe(p.isPass);
      });
      // The recorded 2024 draft: 615 picks over 20 rounds and the compensation rounds between them.
      if (drafts.draftYear === 2024) {
        expect(rows[0]).toMatchObject({ person_name: 'Travis Bazzana', team_id: 114, signing_bonus: 8950000 });
        expect(new Set(rows.map((r) => r.pick_number)).size).toBe(rows.length);
      }
    }
  });
});
