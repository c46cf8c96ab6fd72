/**
 * The scoring changes between two revisions of a game body, at the level an analyst reads them: a
 * play's event and RBI, the fielders a play credits, a runner's run earned or not, and each batting
 * or pitching line's counting stats and decision. Pure: the two contents in, the changed facts out,
 * from the same extraction as the warehouse's rows.
 */

import { extractBoxscore } from './boxscore.js';
import { extractPlayDetail } from './play-detail.js';
import { extractPlayByPlay } from './plays.js';
import type { ScoringChangeRow } from '../db/queries/revisions.js';
import type { RevisionKind } from './revision.js';

/** One changed fact: what it is, where (play, player, club) and its value before and after. */
export interface ScoringChange {
  fact: string;
  atBatIndex: number | null;
  personId: number | null;
  teamId: number | null;
  before: string | null;
  after: string | null;
}

/** The batting line stats compared (a line's counting stats). */
const BATTING_STATS = [
  'plate_appearances',
  'at_bats',
  'runs',
  'hits',
  'doubles',
  'triples',
  'home_runs',
  'rbi',
  'base_on_balls',
  'intentional_walks',
  'strike_outs',
  'hit_by_pitch',
  'stolen_bases',
  'caught_stealing',
  'sac_bunts',
  'sac_flies',
  'ground_into_double_play',
  'left_on_base',
  'total_bases',
] as const;

/** The pitching line stats compared, and its decision (W, L, S, H…). */
const PITCHING_STATS = [
  'outs',
  'batters_faced',
  'hits',
  'runs',
  'earned_runs',
  'base_on_balls',
  'intentional_walks',
  'strike_outs',
  'home_runs',
  'hit_by_pitch',
  'wild_pitches',
  'balks',
  'inherited_runners',
  'inherited_runners_scored',
  'decision',
  'holds',
  'blown_saves',
] as const;

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Rows keyed, for comparing two versions of one list. */
function byKey(rows: readonly Row[], key: (r: Row) => string): Map<string, Row> {
  return new Map(rows.map((r) => [key(r), r]));
}

function compare(
  out: ScoringChange[],
  before: Map<string, Row>,
  after: Map<string, Row>,
  fields: readonly string[],
  prefix: string,
  where: (r: Row) => Pick<ScoringChange, 'atBatIndex' | 'personId' | 'teamId'>,
): void {
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const k of keys) {
    const a = before.get(k);
    const b = after.get(k);
    const at = where((b ?? a) as Row);
    for (const f of fields) {
      const x = text(a?.[f]);
      const y = text(b?.[f]);
      if (x !== y) out.push({ fact: `${prefix}${f}`, ...at, before: x, after: y });
    }
  }
}

const int = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The fielders each play's runners credit, per play and fielder: `credit` names joined in order. */
function creditsByPlayAndFielder(rows: readonly Row[]): Map<string, Row> {
  const out = new Map<string, Row>();
  for (const r of rows) {
    const key = `${r.at_bat_index}:${r.person_id}`;
    const prev = out.get(key);
    const credit = text(r.credit) ?? '';
    out.set(key, {
      at_bat_index: r.at_bat_index,
      person_id: r.person_id,
      credits: prev ? `${prev.credits},${credit}` : credit,
    });
  }
  for (const r of out.values()) r.credits = String(r.credits).split(',').sort().join(',');
  return out;
}

/** The facts that differ between two contents of one body kind of a game. */
export function scoringChanges(gamePk: number, kind: RevisionKind, before: unknown, after: unknown): ScoringChange[] {
  const out: ScoringChange[] = [];
  if (kind === 'boxscore') {
    const a = extractBoxscore(gamePk, before).rows;
    const b = extractBoxscore(gamePk, after).rows;
    const line = (r: Row) => `${r.team_id}:${r.person_id}`;
    const who = (r: Row) => ({ atBatIndex: null, personId: int(r.person_id), teamId: int(r.team_id) });
    compare(out, byKey(a.battingLines, line), byKey(b.battingLines, line), BATTING_STATS, 'batting.', who);
    compare(out, byKey(a.pitchingLines, line), byKey(b.pitchingLines, line), PITCHING_STATS, 'pitching.', who);
  } else if (kind === 'playByPlay') {
    const play = (r: Row) => String(r.at_bat_index).padStart(4, '0');
    const a = extractPlayByPlay(gamePk, before).rows;
    const b = extractPlayByPlay(gamePk, after).rows;
    const ofPlay = (r: Row) => ({ atBatIndex: int(r.at_bat_index), personId: int(r.batter_id), teamId: null });
    compare(out, byKey(a.plays, play), byKey(b.plays, play), ['event_type', 'rbi'], 'play.', ofPlay);
    const da = extractPlayDetail(gamePk, before).rows;
    const db = extractPlayDetail(gamePk, after).rows;
    const ofFielder = (r: Row) => ({ atBatIndex: int(r.at_bat_index), personId: int(r.person_id), teamId: null });
    compare(
      out,
      creditsByPlayAndFielder(da.fieldingCredits),
      creditsByPlayAndFielder(db.fieldingCredits),
      ['credits'],
      'play.fielder_',
      ofFielder,
    );
    const runner = (r: Row) => `${play(r)}:${String(r.runner_index).padStart(3, '0')}`;
    const ofRunner = (r: Row) => ({ atBatIndex: int(r.at_bat_index), personId: int(r.runner_id), teamId: null });
    compare(out, byKey(da.runners, runner), byKey(db.runners, runner), ['earned', 'rbi'], 'runner.', ofRunner);
  }
  return out;
}

/** One side of a change: a revision's number, when it was fetched (null: now) and its content. */
export interface RevisionSide {
  revision: number;
  fetchedAt: Date | null;
  content: unknown;
}

/** The rows of mlb.scoring_changes between two revisions of one body kind of a game. */
export function scoringChangeRows(
  gamePk: number,
  kind: RevisionKind,
  before: RevisionSide & { fetchedAt: Date },
  after: RevisionSide,
): ScoringChangeRow[] {
  return scoringChanges(gamePk, kind, before.content, after.content).map((f) => ({
    game_pk: gamePk,
    kind,
    before_revision: before.revision,
    after_revision: after.revision,
    fact: f.fact,
    at_bat_index: f.atBatIndex,
    person_id: f.personId,
    team_id: f.teamId,
    before: f.before,
    after: f.after,
    before_fetched_at: before.fetchedAt.toISOString(),
    after_fetched_at: after.fetchedAt?.toISOString() ?? null,
  }));
}
