import type { GameRows } from '../../db/queries/game-rows.js';

/** A game's stored bodies, as text, for a worker to parse and extract. */
export interface ExtractRequest {
  id: number;
  gamePk: number;
  box: string;
  pbp: string;
  win?: string;
}

/** A worker's answer: the game's rows, or why extraction failed. */
export type ExtractReply =
  | { id: number; rows: GameRows; error?: undefined }
  | { id: number; rows?: undefined; error: { name: string; message: string } };
