import { describe, expect, it } from 'vitest';
import { extractVenueFieldInfo } from '../../../src/extract/teams.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';

const REQ = { season: 2024, asOfDate: '2024-04-01' };

describe('venue field rows', () => {
  it('reads capacity, turf, roof and every fence distance, null where the body has none', () => {
    const body = {
      venues: [
        {
          id: 15,
          name: 'Chase Field',
          fieldInfo: {
            capacity: 48359,
            turfType: 'Artificial Turf',
            roofType: 'Retractable',
            leftLine: 328,
            center: 407,
          },
        },
        { id: 16, name: 'Plain' },
      ],
    };
    const { rows, rejects } = extractVenueFieldInfo(body, REQ);
    expect(rejects).toEqual([]);
    expect(rows[0]).toMatchObject({
      venue_id: 15,
      season: 2024,
      capacity: 48359,
      turf_type: 'Artificial Turf',
      roof_type: 'Retractable',
      left_line: 328,
      left: null,
      center: 407,
      right_line: null,
    });
    expect(rows[1]).toMatchObject({ venue_id: 16, capacity: null, center: null });
  });

  it('rejects a venue without an id and a repeated id', () => {
    const { rows, rejects } = extractVenueFieldInfo({ venues: [{ name: 'x' }, { id: 1 }, { id: 1 }] }, REQ);
    expect(rows.map((r) => r.venue_id)).toEqual([1]);
    expect(rejects.map((r) => r.path)).toEqual(['venues[0]', 'venues[2]']);
  });
});

describeRecorded('recorded venue bodies', () => {
  it('the /v1/venues bodies extract without a reject', () => {
    for (const { file, body } of fixtureBodies('venues')) {
      const { rows, rejects } = extractVenueFieldInfo(body, REQ);
      expect(rejects, file).toEqual([]);
      expect(rows.length, file).toBe((body as { venues: unknown[] }).venues.length);
    }
  });

  it("every recorded feed's hydrated venue (gameData.venue.fieldInfo) gives its field as the body has it", () => {
    let seen = 0;
    for (const { file, body } of fixtureBodies('liveGameV1')) {
      // biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
      const venue = (body as { gameData?: { venue?: Record<string, any> } }).gameData?.venue;
      if (!venue?.fieldInfo) continue;
      seen++;
      const { rows, rejects } = extractVenueFieldInfo({ venues: [venue] }, REQ);
      expect(rejects, file).toEqual([]);
      const f = venue.fieldInfo;
      expect(rows[0], file).toMatchObject({
        venue_id: venue.id,
        capacity: f.capacity ?? null,
        turf_type: f.turfType ?? null,
        roof_type: f.roofType ?? null,
        left_line: f.leftLine ?? null,
        left: f.left ?? null,
        left_center: f.leftCenter ?? null,
        center: f.center ?? null,
        right_center: f.rightCenter ?? null,
        right: f.right ?? null,
        right_line: f.rightLine ?? null,
      });
    }
    expect(seen).toBeGreaterThan(10);
  });
});
