import { op, p, q } from '../params.js';

const o31 = { source: 'openapi-3.1' } as const;
const origin = { origin: 'openapi-3.1' } as const;

/**
 * Operations the interface's §4 does not list, from the community OpenAPI 3.1 description
 * (`spec/paths/transactions.yaml`, `draft.yaml`, `venues.yaml`), every parameter as it declares them.
 */
export const beyondInterfaceOperations = [
  op(
    'person',
    'transactions',
    '/v1/transactions',
    [
      q.int('teamId', o31),
      q.int('playerId', o31),
      q.date('date', o31),
      q.date('startDate', o31),
      q.date('endDate', o31),
      q.strs('fields', o31),
      q.strs('hydrate', o31),
    ],
    origin,
  ),
  op(
    'season',
    'draft',
    '/v1/draft/{yearId}',
    [
      p.int('yearId', o31),
      q.str('round', o31),
      q.str('name', o31),
      q.str('school', o31),
      q.str('state', o31),
      q.str('country', o31),
      q.str('position', o31),
      q.int('teamId', o31),
      q.strs('fields', o31),
    ],
    origin,
  ),
  op(
    'team',
    'venues',
    '/v1/venues',
    [
      q.ints('venueIds', o31),
      q.ints('sportIds', o31),
      q.str('season', o31),
      q.strs('fields', o31),
      q.strs('hydrate', o31),
    ],
    origin,
  ),
] as const;
