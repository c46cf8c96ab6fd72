import type { z } from 'zod';
import type { ParamDef } from './params.js';
import type { allOperations } from './registry.js';
import type { ResponseSchemas } from './schemas.js';

/** Compile-time view of the registry: names, parameter objects and response bodies per operation. */

type AnyOperation = (typeof allOperations)[number];
type GroupsNamed<N> = Extract<AnyOperation, { name: N }>['group'];
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
type Ambiguous<N> = true extends IsUnion<GroupsNamed<N>> ? true : false;

/** Every accepted operation name mapped to its definition: `group.name` always, bare `name` when unique. */
export type OperationsByName = {
  [O in AnyOperation as `${O['group']}.${O['name']}`]: O;
} & {
  [O in AnyOperation as Ambiguous<O['name']> extends true ? never : O['name']]: O;
};

/** A name `call`, `buildUrl` and the CLI accept: `boxscore`, `__schedule_base`, `team.stats`, … */
export type OperationName = keyof OperationsByName & string;

type ValueOf<D extends ParamDef> = D['kind'] extends 'integer'
  ? number
  : D['kind'] extends 'boolean'
    ? boolean
    : D['kind'] extends 'string'
      ? string | number
      : D['kind'] extends 'array'
        ? D['items'] extends 'integer'
          ? readonly number[] | number | string
          : readonly string[] | string
        : string;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ParamsFromDefs<P extends readonly ParamDef[]> = Simplify<
  { [D in P[number] as D['required'] extends true ? D['name'] : never]: ValueOf<D> } & {
    [D in P[number] as D['required'] extends true ? never : D['name']]?: ValueOf<D> | undefined;
  }
>;

type NoParams = Record<string, never>;

/** The parameter object of an operation; required parameters are required properties. */
export type ParamsOf<N extends OperationName> = OperationsByName[N]['params'] extends readonly []
  ? NoParams
  : ParamsFromDefs<OperationsByName[N]['params']>;

type QualifiedOf<N extends OperationName> = `${OperationsByName[N]['group']}.${OperationsByName[N]['name']}`;

/** The parsed body type: the lenient schema's type where there is one, else `unknown`. */
export type ResponseOf<N extends OperationName> =
  QualifiedOf<N> extends keyof ResponseSchemas ? z.infer<ResponseSchemas[QualifiedOf<N>]> : unknown;
