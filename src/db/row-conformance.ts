import type * as x from '../extract/types.js';
import type * as s from './schema/index.js';
import type { PartialRowFits, RowFits } from './row-types.js';

// Compile-time only: each row type extraction produces fits the table it is written to — every key
// a column of it, every value of its column's type (a missing column, a renamed one, a text where a
// number goes fail `npm run typecheck`). The runtime column test checks the rows themselves.
type Checks = [
  RowFits<x.PlayRow, typeof s.plays>,
  RowFits<x.PitchRow, typeof s.pitches>,
  RowFits<x.BattingLineRow, typeof s.battingLines>,
  RowFits<x.PitchingLineRow, typeof s.pitchingLines>,
  RowFits<x.RunnerRow, typeof s.runners>,
  RowFits<x.FieldingCreditRow, typeof s.fieldingCredits>,
  RowFits<x.PlayActionRow, typeof s.playActions>,
  RowFits<x.FieldingLineRow, typeof s.fieldingLines>,
  RowFits<x.GameOfficialRow, typeof s.gameOfficials>,
  RowFits<x.LinescoreInningRow, typeof s.linescoreInnings>,
  PartialRowFits<x.GameContextRow, typeof s.games>,
  RowFits<x.GameRow, typeof s.games>,
  RowFits<x.PersonRow, typeof s.people>,
  RowFits<x.TeamRow, typeof s.teams>,
  RowFits<x.VenueRow, typeof s.venues>,
  RowFits<x.ReferenceCodeRow, typeof s.referenceCodes>,
  RowFits<x.TeamSeasonRow, typeof s.teamSeasons>,
  RowFits<x.RosterEntryRow, typeof s.rosterEntries>,
  RowFits<x.OfficialStatRow, typeof s.officialStats>,
  RowFits<x.WinProbabilityRow, typeof s.playWinProbability>,
  RowFits<x.LeagueStaffRow, typeof s.leagueStaff>,
  RowFits<x.AwardRow, typeof s.awards>,
  RowFits<x.PersonAwardRow, typeof s.personAwards>,
  RowFits<x.RejectRow, typeof s.rejects>,
];
/** Fails to compile unless every check above is `true` (the error names the offending columns). */
type AllTrue<T extends readonly true[]> = T;
export type RowsFitTheirTables = AllTrue<Checks>;
