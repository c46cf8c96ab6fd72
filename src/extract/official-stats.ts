import { asArray, asObject, pick, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted, OfficialStatRow, RejectRow } from './types.js';

/** What a `/v1/stats` request asked for; the rows are keyed by it (a split does not always repeat game type or sport). */
export interface OfficialStatsRequest {
  season: number;
  sportId: number;
  gameType: string;
  group: string;
  /** The UTC day the body in force was first received. */
  asOfDate: string;
}

/** The paging counters of a `/v1/stats` body (first `stats[]` entry of the requested group). */
export function statsPaging(body: unknown, group: string): { totalSplits: number; splits: number } {
  const block = (asArray(pick(body, 'stats')) ?? [])
    .map(asObject)
    .find((s) => toText(pick(s, 'group', 'displayName')) === group);
  return { totalSplits: toInt(block?.totalSplits) ?? 0, splits: asArray(block?.splits)?.length ?? 0 };
}

/**
 * Rows of a `/v1/stats?stats=season&group=G` body: one per split of the requested group. A split
 * without a player or club id is rejected, and so is a second split of one player and club (the
 * first is kept). Fields a group does not have (RBI of a pitcher line) are null; the whole `stat`
 * object is kept beside the columns.
 */
export function extractOfficialStats(body: unknown, request: OfficialStatsRequest): Extracted<OfficialStatRow[]> {
  const rows: OfficialStatRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<string>();
  const blocks = (asArray(pick(body, 'stats')) ?? []).map(asObject);
  blocks.forEach((block, b) => {
    if (toText(pick(block, 'group', 'displayName')) !== request.group) return;
    (asArray(block?.splits) ?? []).forEach((raw, i) => {
      const split = asObject(raw);
      const where = `stats[${b}].splits[${i}]`;
      const personId = toInt(pick(split, 'player', 'id'));
      const teamId = toInt(pick(split, 'team', 'id'));
      if (!split || personId === null || personId <= 0 || teamId === null || teamId <= 0) {
        rejects.push(reject(null, 'official_stats', where, 'split without a player and club id', raw ?? null));
        return;
      }
      const key = `${personId}:${teamId}`;
      if (seen.has(key)) {
        rejects.push(
          reject(
            null,
            'official_stats',
            where,
            `player ${personId} of club ${teamId} listed twice; the first split is kept`,
            raw,
          ),
        );
        return;
      }
      seen.add(key);
      const stat = asObject(split.stat) ?? {};
      const count = (field: string) => toInt(stat[field]);
      const pitching = request.group === 'pitching';
      const onlyPitching = (field: string) => (pitching ? count(field) : null);
      rows.push({
        season: request.season,
        sport_id: request.sportId,
        game_type: request.gameType,
        stat_group: request.group,
        person_id: personId,
        team_id: teamId,
        full_name: toText(pick(split, 'player', 'fullName')),
        num_teams: toInt(split.numTeams),
        games_played: count('gamesPlayed'),
        plate_appearances: count('plateAppearances'),
        at_bats: count('atBats'),
        runs: count('runs'),
        hits: count('hits'),
        doubles: count('doubles'),
        triples: count('triples'),
        home_runs: count('homeRuns'),
        rbi: pitching ? null : count('rbi'),
        base_on_balls: count('baseOnBalls'),
        intentional_walks: count('intentionalWalks'),
        hit_by_pitch: count('hitByPitch'),
        strike_outs: count('strikeOuts'),
        stolen_bases: count('stolenBases'),
        caught_stealing: count('caughtStealing'),
        sac_flies: count('sacFlies'),
        games_started: onlyPitching('gamesStarted'),
        wins: onlyPitching('wins'),
        losses: onlyPitching('losses'),
        saves: onlyPitching('saves'),
        outs: onlyPitching('outs'),
        earned_runs: onlyPitching('earnedRuns'),
        batters_faced: onlyPitching('battersFaced'),
        stat,
        as_of_date: request.asOfDate,
      });
    });
  });
  return { rows, rejects };
}
