import { fields, op, q } from '../params.js';

/** Reference list operations without parameters besides (optionally) `fields`. */
const list = <const N extends string>(name: N, path: string) => op('config', name, path, []);
const listWithFields = <const N extends string>(name: N, path: string) => op('config', name, path, [fields]);

/** §4.6 Configuration: reference lists whose values are parameter values elsewhere. */
export const configOperations = [
  list('aggregateSortEnum', '/v1/sortModifiers'),
  list('awards', '/v1/awards'),
  list('baseballStats', '/v1/baseballStats'),
  listWithFields('eventTypes', '/v1/eventTypes'),
  list('fielderDetailTypes', '/v1/fielderDetailTypes'),
  list('gameStatus', '/v1/gameStatus'),
  op('config', 'gameTypes', '/v1/gameTypes', [q.int('sportId'), q.int('leagueId'), q.str('season')]),
  listWithFields('gamedayTypes', '/v1/gamedayTypes'),
  list('groupByTypes', '/v1/groupByTypes'),
  listWithFields('hitTrajectories', '/v1/hitTrajectories'),
  listWithFields('jobTypes', '/v1/jobTypes'),
  list('languages', '/v1/languages'),
  list('leagueLeaderTypes', '/v1/leagueLeaderTypes'),
  listWithFields('logicalEvents', '/v1/logicalEvents'),
  list('metrics', '/v1/metrics'),
  listWithFields('pitchCodes', '/v1/pitchCodes'),
  listWithFields('pitchTypes', '/v1/pitchTypes'),
  list('platforms', '/v1/platforms'),
  listWithFields('playerStatusCodes', '/v1/playerStatusCodes'),
  list('positions', '/v1/positions'),
  listWithFields('reviewReasons', '/v1/reviewReasons'),
  list('rosterTypes', '/v1/rosterTypes'),
  list('runnerDetailTypes', '/v1/runnerDetailTypes'),
  listWithFields('scheduleEventTypes', '/v1/scheduleEventTypes'),
  op('config', 'sitCodes', '/v1/situationCodes', [fields, q.str('season'), q.str('statGroup')]),
  listWithFields('sky', '/v1/sky'),
  list('standingsTypes', '/v1/standingsTypes'),
  list('statFields', '/v1/statFields'),
  list('statGroups', '/v1/statGroups'),
  op('config', 'statSearchConfig', '/v1/stats/search/config', [q.str('filterLevel'), q.str('group')]),
  op('config', 'statSearchGroupByTypes', '/v1/stats/search/groupByTypes', [q.str('filterLevel')]),
  op('config', 'statSearchParams', '/v1/stats/search/params', [q.str('filterLevel')]),
  op('config', 'statSearchStats', '/v1/stats/search/stats', [q.str('filterLevel')]),
  list('statTypes', '/v1/statTypes'),
  listWithFields('transactionTypes', '/v1/transactionTypes'),
  listWithFields('windDirection', '/v1/windDirection'),
] as const;
