export {
  type ApiClient,
  type ApiClientOptions,
  type ApiResponse,
  type ApiBytesResponse,
  type AttemptOutcome,
  type CallOptions,
  type ClientStats,
  createApiClient,
  defaultUserAgent,
} from './client.js';
export { parseOperationBody } from './body.js';
export { buildPathAndQuery } from './build-url.js';
export {
  decodeText,
  getBytes,
  getJson,
  type GetJsonOptions,
  parseJsonBody,
  type RawBytesResponse,
  type RawResponse,
} from './http.js';
export type { GroupName, OperationDef, ParamDef, ParamKind } from './params.js';
export {
  AMBIGUOUS_NAMES,
  allOperations,
  GROUPS,
  getOperation,
  listOperations,
  type RegisteredOperation,
  UNAVAILABLE_OPERATIONS,
} from './registry.js';
export { parseRetryAfter } from './retry-after.js';
export {
  type BoxscoreBody,
  boxscoreSchema,
  type PeopleBody,
  peopleSchema,
  type PlayByPlayBody,
  playByPlaySchema,
  responseSchemas,
  responseShapes,
  type ScheduleBody,
  scheduleSchema,
} from './schemas.js';
export type { OperationName, OperationsByName, ParamsOf, ResponseOf } from './types.js';
