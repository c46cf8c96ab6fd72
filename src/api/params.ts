/**
 * Parameter and operation definitions of the operation registry, and the small helpers the
 * `operations/*.ts` files use to declare them. Helpers keep literal types (names, kinds, required
 * flags) so that `ParamsOf<'boxscore'>` is computed from the same object the validator reads.
 */

/** How a value is checked and written on the wire. */
export type ParamKind =
  /** A whole number (JSON number, or a string of digits from the CLI). */
  | 'integer'
  /** Free text (numbers accepted and written in decimal, e.g. `season: 2024`). */
  | 'string'
  /** `true` or `false`. */
  | 'boolean'
  /** `LocalDate`: a real calendar date `YYYY-MM-DD`. */
  | 'date'
  /** `timecode`: `YYYYMMDD_HHMMSS`. */
  | 'timecode'
  /** `updatedSince`: `YYYY-MM-DDTHH:MM:SSZ`. */
  | 'dateTime'
  /**
   * `startTimecode` / `endTimecode` of the diff-patch feed: `YYYYMMDD_HHMMSS`, the form of `metaData.timeStamp` and
   * of the timestamps list, which the protocol hands back; `MMDDYYYY_HHMMSS`, the form the interface states, also passes.
   */
  | 'patchTimecode'
  /** A list (array or comma string), sent comma-joined. */
  | 'array';

/** Element kind of an `array` parameter. */
export type ItemKind = 'integer' | 'string';

/** Where a parameter definition comes from. */
export type ParamSource =
  /** Listed in the operation tables of the Stats API interface specification (§4). */
  | 'interface'
  /** One of the interface's "N more parameters: not shown", filled in from MLB's Swagger 1.2. */
  | 'swagger'
  /** `hydrate`: listed by neither of the above; taken from the community OpenAPI 3.1 description. */
  | 'openapi-3.1';

export interface ParamDef {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly kind: ParamKind;
  /** Element kind when `kind` is `array`. */
  readonly items?: ItemKind;
  readonly required: boolean;
  /** The type as the interface (or Swagger) writes it, for `--list`: `integer`, `Optional«int»`, `LocalDate`… */
  readonly specType: string;
  readonly source: ParamSource;
}

export type GroupName =
  | 'game'
  | 'team'
  | 'homeRunDerby'
  | 'season'
  | 'job'
  | 'config'
  | 'schedule'
  | 'stats'
  | 'person';

export interface OperationDef {
  readonly group: GroupName;
  /** The interface's operation name, e.g. `boxscore`, `__schedule_base`. */
  readonly name: string;
  /** Path template under the base URL, e.g. `/v1/game/{game_pk}/boxscore`. */
  readonly path: string;
  readonly params: readonly ParamDef[];
  /** For an equivalent entry of the same path (`__schedule_base`), the entry it equals (`schedule`). */
  readonly aliasOf?: string;
  /** Why a parameter is sent the way it is, where the interface leaves it open. */
  readonly note?: string;
  /**
   * `openapi-3.1` for an operation the interface's §4 does not list (transactions, the draft), taken
   * from the community OpenAPI 3.1 description with its parameters.
   */
  readonly origin?: 'openapi-3.1';
}

interface ParamOptions<R extends boolean> {
  required?: R;
  specType?: string;
  source?: ParamSource;
}

/** Mark a parameter required: `q.str('season', R)`. */
export const R = { required: true } as const;

function param<
  const N extends string,
  const K extends ParamKind,
  const I extends ItemKind | undefined,
  R extends boolean,
>(name: N, where: 'path' | 'query', kind: K, items: I, defaultSpecType: string, opts: ParamOptions<R>) {
  return {
    name,
    in: where,
    kind,
    items,
    required: (opts.required ?? false) as R,
    specType: opts.specType ?? defaultSpecType,
    source: opts.source ?? 'interface',
  } as const;
}

/** Query parameters. */
export const q = {
  int: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'integer', undefined, 'integer', o),
  str: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'string', undefined, 'string', o),
  bool: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'boolean', undefined, 'boolean', o),
  date: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'date', undefined, 'LocalDate', o),
  dateTime: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'dateTime', undefined, 'string (YYYY-MM-DDTHH:MM:SSZ)', o),
  patchTimecode: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'patchTimecode', undefined, 'string (YYYYMMDD_HHMMSS)', o),
  ints: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'array', 'integer', 'array', o),
  strs: <const N extends string, R extends boolean = false>(name: N, o: ParamOptions<R> = {}) =>
    param(name, 'query', 'array', 'string', 'array', o),
};

/** Path parameters (always required). */
export const p = {
  int: <const N extends string>(name: N, o: ParamOptions<true> = {}) =>
    param(name, 'path', 'integer', undefined, 'integer', { ...o, required: true }),
  str: <const N extends string>(name: N, o: ParamOptions<true> = {}) =>
    param(name, 'path', 'string', undefined, 'string', { ...o, required: true }),
};

/** `timecode` (string, optional): snapshot at `YYYYMMDD_HHMMSS`. */
export const timecode = param('timecode', 'query', 'timecode', undefined, 'timecode', {});
/** `fields` (array, optional): comma-delimited list of the fields to return. */
export const fields = param('fields', 'query', 'array', 'string', 'array', {});
/** `hydrate`: not in the interface nor in MLB's Swagger; see {@link ParamSource}. */
export const hydrate = param('hydrate', 'query', 'array', 'string', 'array', { source: 'openapi-3.1' });

/** Tag parameters that the interface cuts off as "N more parameters: not shown" (filled in from the Swagger). */
export function fromSwagger<const P extends readonly ParamDef[]>(...params: P): P {
  // `map` loses the tuple's element types; only `source` changes, so each element keeps its type.
  return params.map((d) => ({ ...d, source: 'swagger' as const })) as unknown as P;
}

/** Declare one operation of a group. */
export function op<const G extends GroupName, const N extends string, const P extends readonly ParamDef[]>(
  group: G,
  name: N,
  path: string,
  params: P,
  extra: { note?: string; origin?: 'openapi-3.1' } = {},
) {
  return { group, name, path, params, ...extra } as const;
}

/** An equivalent entry of the same path as `target` (same parameters, same URL). */
export function alias<const N extends string, const T extends OperationDef>(name: N, target: T) {
  return { ...target, name, aliasOf: target.name } as Omit<T, 'name' | 'aliasOf'> & {
    readonly name: N;
    readonly aliasOf: T['name'];
  };
}
