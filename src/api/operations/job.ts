import { fields, op, q, R } from '../params.js';

/** §4.5 Job: umpires, official scorers, datacasters, jobs by type. */
export const jobOperations = [
  op('job', 'datacasters', '/v1/jobs/datacasters', [q.int('sportId'), q.date('date'), fields]),
  op('job', 'getJobsByType', '/v1/jobs', [q.str('jobType', R), q.int('sportId'), q.date('date'), fields]),
  op('job', 'officialScorers', '/v1/jobs/officialScorers', [q.int('sportId'), q.date('date'), fields]),
  op('job', 'umpires', '/v1/jobs/umpires', [q.int('sportId'), q.date('date'), fields, q.int('season')]),
] as const;
