import type { PackedGameRows } from '../../db/packed-game-rows.js';
import type { FetchedGame, PreparedGame } from '../load/prepare-game.js';

/**
 * Work for a worker: a game's stored bodies to parse and extract (a rebuild), the stored games
 * numbered `first` to `last` to read from the database itself and extract (a rebuild on
 * postgres.js), a game's bodies as just fetched
 * to parse, check, fingerprint and extract (a load), or the end of its database connection.
 */
export type ExtractRequest =
  | { kind: 'stored'; id: number; gamePk: number; box: string; pbp: string; win?: string; abs?: string }
  | { kind: 'read'; id: number; first: number; last: number }
  | { kind: 'fetched'; id: number; game: FetchedGame }
  | { kind: 'close'; id: number };

/** What a worker is started with: where it reads stored games from, if anywhere. */
export interface ExtractWorkerData {
  /** A postgres.js connection URL; the worker opens one connection on its first `read`. */
  databaseUrl?: string;
  /**
   * Modules the worker imports before its first job: the observers registered with
   * `observeExtractWorkers` (pool.ts) when it started, which subscribe to its stage events.
   */
  observers?: string[];
}

/**
 * Why a worker's job failed: `badBody` when a fetched body was unusable (the fetch is retried),
 * `limit` when it passed a limit (`BodyLimitError`: the game's work item is dead-lettered).
 */
export interface ExtractFailure {
  name: string;
  message: string;
  badBody: boolean;
  limit?: { url: string; reason: string };
}

/** A stored game read and extracted by a worker. */
export interface ReadGame {
  gamePk: number;
  rows: PackedGameRows;
}

/**
 * A worker's answer: the game's rows (stored), its prepared load (fetched), one game it read (sent
 * as soon as it is extracted, in game number order, without those that have no stored bodies),
 * `read` once it sent every game of a read, `closed` once its connection ended, or why it failed.
 */
export type ExtractReply = { id: number } & (
  | { rows: PackedGameRows; prepared?: undefined; game?: undefined; read?: undefined; error?: undefined }
  | { prepared: PreparedGame; rows?: undefined; game?: undefined; read?: undefined; error?: undefined }
  | { game: ReadGame; rows?: undefined; prepared?: undefined; read?: undefined; error?: undefined }
  | { read: true; rows?: undefined; prepared?: undefined; game?: undefined; error?: undefined }
  | { closed: true; rows?: undefined; prepared?: undefined; game?: undefined; read?: undefined; error?: undefined }
  | { error: ExtractFailure; rows?: undefined; prepared?: undefined; game?: undefined; read?: undefined }
);
