import { alias, fields, op, p, q, R } from '../params.js';

const QUERY_NOTE =
  'the interface does not say how gamePk is sent on a path without {gamePk}; dugout sends it as ?gamePk= (the {gamePk} paths are the ones seen working)';
const gamePkQuery = q.int('gamePk', { ...R, specType: 'integer (path in the interface; sent as query here)' });

const pool = op('homeRunDerby', 'homeRunDerbyPool', '/v1/homeRunDerby/pool', [gamePkQuery, fields], {
  note: QUERY_NOTE,
});

/** §4.3 Home run derby: bracket and pool. */
export const homeRunDerbyOperations = [
  op('homeRunDerby', '__homeRunDerbyBracket_base', '/v1/homeRunDerby/bracket', [gamePkQuery, fields], {
    note: QUERY_NOTE,
  }),
  op('homeRunDerby', '__homeRunDerbyBracket_gamePk', '/v1/homeRunDerby/{gamePk}/bracket', [p.int('gamePk'), fields]),
  alias('__homeRunDerbyPool_base', pool),
  op('homeRunDerby', '__homeRunDerbyPool_gamePk', '/v1/homeRunDerby/{gamePk}/pool', [p.int('gamePk'), fields]),
  op('homeRunDerby', 'homeRunDerbyBracket', '/v1/homeRunDerby', [gamePkQuery, fields], { note: QUERY_NOTE }),
  pool,
] as const;
