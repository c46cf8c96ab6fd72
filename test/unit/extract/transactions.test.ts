import { describe, expect, it } from 'vitest';
import { extractTransactions, injuredListMove } from '../../../src/extract/transactions.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';

describe('injured-list moves read from a transaction description', () => {
  it.each([
    ['Los Angeles Dodgers placed RHP Tyler Glasnow on the 15-day injured list. Right elbow tendinitis.', 'placed', 15],
    ['New York Yankees placed LHP Carlos Rodón on the 10-day disabled list retroactive to May 1.', 'placed', 10],
    ['Seattle Mariners activated SS J.P. Crawford from the 10-day injured list.', 'activated', 10],
    ['Boston Red Sox reinstated CF Ceddanne Rafaela from the 7-day injured list.', 'activated', 7],
    [
      'Atlanta Braves transferred RHP Spencer Strider from the 15-day injured list to the 60-day injured list.',
      'transferred',
      60,
    ],
    ['Houston Astros sent RHP Luis Garcia on a rehab assignment to Sugar Land Space Cowboys.', 'rehab', null],
  ] as const)('%s', (description, action, days) => {
    expect(injuredListMove(description)).toEqual({ action, days });
  });

  it('names none for other transactions', () => {
    expect(injuredListMove('Pittsburgh Pirates optioned C Jason Delay to Indianapolis Indians.')).toBeNull();
    expect(injuredListMove(null)).toBeNull();
  });
});

describe('transaction rows', () => {
  it('rejects a transaction without an id and a repeated id, keeping the first', () => {
    const body = {
      transactions: [
        { id: 5, person: { id: 9, fullName: 'A B' }, toTeam: { id: 1, name: 'X' }, date: '2025-04-01', typeCode: 'SC' },
        { person: { id: 10 } },
        { id: 5, person: { id: 11 } },
      ],
    };
    const { rows, rejects } = extractTransactions(body);
    expect(rows.map((r) => [r.transaction_id, r.person_id, r.to_team_id, r.transaction_date])).toEqual([
      [5, 9, 1, '2025-04-01'],
    ]);
    expect(rejects.map((r) => r.path)).toEqual(['transactions[1]', 'transactions[2]']);
  });
});

describeRecorded('recorded transaction bodies', () => {
  it('extract every transaction without a reject, each field as the body gives it', () => {
    for (const { file, body } of fixtureBodies('transactions')) {
      // biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
      const list = (body as { transactions: Array<Record<string, any>> }).transactions;
      const { rows, rejects } = extractTransactions(body);
      expect(rejects, file).toEqual([]);
      expect(rows.length, file).toBe(list.length);
      rows.forEach((r, i) => {
        const t = list[i]!;
        expect(r.transaction_id).toBe(t.id);
        expect(r.person_id).toBe(t.person?.id ?? null);
        expect(r.from_team_id).toBe(t.fromTeam?.id ?? null);
        expect(r.to_team_id).toBe(t.toTeam?.id ?? null);
        expect(r.type_code).toBe(t.typeCode);
        expect(r.transaction_date).toBe(t.date);
        expect(r.resolution_date).toBe(t.resolutionDate ?? null);
      });
    }
  });
});
