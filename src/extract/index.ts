/**
 * `extract/`: pure functions from Stats API JSON to warehouse rows. No database, network, logger
 * or environment; data problems come back as rejects (`{ rows, rejects }`), never as throws.
 */
export * from './base-state.js';
export * from './boxscore.js';
export * from './coerce.js';
export * from './feed.js';
export * from './game-detail.js';
export * from './games.js';
export * from './hash.js';
export * from './live-patch.js';
export * from './official-stats.js';
export * from './people.js';
export * from './pitches.js';
export * from './pitching-lines.js';
export * from './play-detail.js';
export * from './plays.js';
export * from './reference.js';
export * from './rejects.js';
export * from './roster.js';
export * from './staff.js';
export * from './win-probability.js';
export * from './schedule.js';
export * from './teams.js';
export * from './types.js';
export * from './reviews.js';
export * from './transactions.js';
export * from './pregame.js';
export * from './draft.js';
