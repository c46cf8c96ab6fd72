import { alias, fields, hydrate, op, p, q, R } from '../params.js';

const peopleChanges = op('person', 'currentGameStats', '/v1/people/changes', [
  q.dateTime('updatedSince', R),
  q.int('limit'),
  q.int('offset'),
  fields,
]);

/** §4.9 Person: person records, awards, free agents, current game stats, change log. */
export const personOperations = [
  alias('__currentGameStats_base', peopleChanges),
  peopleChanges,
  op('person', '__currentGameStats_personId', '/v1/people/{personId}/stats/game/current', [
    p.int('personId'),
    q.strs('group'),
    fields,
  ]),
  op('person', '__currentGameStats_personId_gamePk', '/v1/people/{personId}/stats/game/{gamePk}', [
    p.int('personId'),
    p.int('gamePk'),
    q.strs('group'),
    fields,
  ]),
  op('person', 'award', '/v1/people/{personId}/awards', [p.int('personId'), fields]),
  op('person', 'freeAgents', '/v1/people/freeAgents', [q.str('season', R), q.str('order'), fields]),
  op('person', 'person', '/v1/people', [q.ints('personIds'), q.str('season'), q.strs('group'), fields, hydrate]),
] as const;
