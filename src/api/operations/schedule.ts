import { alias, fields, fromSwagger, hydrate, op, p, q, R, timecode } from '../params.js';

/** Query parameters of `/v1/schedule` and `/v1/schedule/{scheduleType}`: 5 in the interface, 18 from the Swagger. */
const scheduleQuery = [
  q.strs('calendarTypes'),
  q.strs('eventTypes'),
  q.strs('scheduleEventTypes'),
  q.ints('teamId'),
  q.ints('leagueId'),
  ...fromSwagger(
    q.ints('sportId'),
    q.int('gamePk'),
    q.ints('gamePks'),
    q.ints('eventIds'),
    q.ints('venueIds'),
    q.ints('performerIds'),
    q.strs('gameTypes'),
    q.strs('gameType'),
    q.strs('season'),
    q.strs('seasons'),
    q.date('date'),
    q.date('startDate'),
    q.date('endDate'),
    timecode,
    q.bool('useLatestGames'),
    q.ints('opponentId'),
    q.str('publicFacing'),
    fields,
  ),
  hydrate,
] as const;

const schedule = op('schedule', 'schedule', '/v1/schedule', scheduleQuery);

/** §4.7 Schedule. */
export const scheduleOperations = [
  alias('__schedule_base', schedule),
  op('schedule', '__schedule_scheduleType', '/v1/schedule/{scheduleType}', [p.str('scheduleType'), ...scheduleQuery]),
  op('schedule', 'postseasonScheduleSeries', '/v1/schedule/postseason/series', [
    q.strs('gameTypes'),
    q.int('seriesNumber'),
    q.int('teamId'),
    q.int('sportId'),
    q.date('date'),
    ...fromSwagger(
      q.date('startDate'),
      q.date('endDate'),
      q.bool('useLatestGames'),
      q.bool('useFeaturedGame'),
      q.str('season'),
      fields,
    ),
  ]),
  schedule,
  op('schedule', 'tieGames', '/v1/schedule/games/tied', [
    q.ints('sportId'),
    q.strs('gameTypes'),
    q.str('season', R),
    fields,
  ]),
  op('schedule', 'tuneIn', '/v1/schedule/postseason/tuneIn', [
    q.int('teamId'),
    q.int('sportId'),
    q.str('season'),
    fields,
  ]),
] as const;
