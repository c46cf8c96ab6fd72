import { alias, fields, op, p, q } from '../params.js';

const seasons = op(
  'season',
  'seasons',
  '/v1/seasons',
  [
    q.str('seasonId', { specType: 'Optional«string»' }),
    q.strs('season'),
    q.int('sportId'),
    q.bool('withGameTypeDates'),
    fields,
  ],
  { note: 'the path has no {seasonId} placeholder, so the optional seasonId is sent as a query parameter' },
);

/** §4.4 Season. */
export const seasonOperations = [
  alias('__seasons_base', seasons),
  seasons,
  op('season', '__seasons_seasonId', '/v1/seasons/{seasonId}', [
    p.str('seasonId', { specType: 'Optional«string»' }),
    q.strs('season'),
    q.int('sportId'),
    q.bool('withGameTypeDates'),
    fields,
  ]),
  op('season', 'allSeasons', '/v1/seasons/all', [
    q.int('divisionId'),
    q.int('leagueId'),
    q.int('sportId'),
    q.bool('withGameTypeDates'),
    fields,
  ]),
] as const;
