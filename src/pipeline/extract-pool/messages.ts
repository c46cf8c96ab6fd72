import type { GameRows } from '../../db/queries/game-rows.js';
import type { FetchedGame, PreparedGame } from '../load/prepare-game.js';

/**
 * Work for a worker: a game's stored bodies to parse and extract (a rebuild), or a game's bodies
 * as just fetched to parse, check, fingerprint and extract (a load).
 */
export type ExtractRequest = (
  | { kind: 'stored'; id: number; gamePk: number; box: string; pbp: string; win?: string }
  | { kind: 'fetched'; id: number; game: FetchedGame }
) &
  ExtractOptions;

/** How the rows go back: `copyRunId` — the long lists as COPY text written for that run. */
export interface ExtractOptions {
  copyRunId?: number;
}

/** Why a worker's job failed: `badBody` when a fetched body was unusable (the fetch is retried). */
export interface ExtractFailure {
  name: string;
  message: string;
  badBody: boolean;
}

/** A worker's answer: the game's rows (stored), its prepared load (fetched), or why it failed. */
export type ExtractReply =
  | { id: number; rows: GameRows; prepared?: undefined; error?: undefined }
  | { id: number; prepared: PreparedGame; rows?: undefined; error?: undefined }
  | { id: number; error: ExtractFailure; rows?: undefined; prepared?: undefined };
