import { finalityOf } from '../../extract/index.js';
import type { WorkReason, WorkRequest } from '../../db/queries/work-items.js';
import type { GameRow } from '../../db/schema/rows.js';

export interface KnownGame {
  state: string | null;
  loaded: boolean;
  doneAt: Date | null;
}

export interface DecideOptions {
  /** Why a final game not loaded yet is wanted: `new_final` (sync) or `backfill`. */
  newReason: WorkReason;
  /** The game was listed by the change log (a correction when it is already loaded). */
  fromChangeLog?: boolean;
  /** Start of this poll (T0): a game loaded after it already reflects the listed change. */
  pollStartedAt?: Date;
}

/**
 * What to fetch for a game seen in a schedule or change-log listing (ARCHITECTURE §2, finality from
 * codedGameState): F (and forfeits) final and O provisional → fetch when not loaded, when the
 * state moved (O → F), or when the change log lists it again (correction); T/U suspended → parked as
 * deferred until the resumption is final; D postponed, C cancelled and everything not final → nothing.
 */
export function decideGameWork(game: GameRow, known: KnownGame | undefined, opts: DecideOptions): WorkRequest | null {
  const finality = finalityOf(game.coded_game_state);
  const base = { kind: 'game' as const, key: String(game.game_pk), officialDate: game.official_date };
  if (finality === 'suspended') {
    return known?.loaded ? null : { ...base, reason: 'suspended', status: 'deferred' };
  }
  if (finality !== 'final' && finality !== 'provisional') return null;
  if (!known?.loaded) {
    const reason: WorkReason = known?.state === 'T' || known?.state === 'U' ? 'resumed' : opts.newReason;
    return { ...base, reason, priority: finality === 'final' ? 1 : 0 };
  }
  if (known.state !== game.coded_game_state) {
    return { ...base, reason: finality === 'provisional' ? 'provisional' : 'new_final', priority: 1 };
  }
  if (opts.fromChangeLog) {
    if (opts.pollStartedAt && known.doneAt && known.doneAt > opts.pollStartedAt) return null;
    return { ...base, reason: 'correction', priority: 2 };
  }
  return null;
}
