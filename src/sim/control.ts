/** Simulator controls: scoring corrections and person-record changes (also exposed under /__sim). */

import { at } from './checked.js';
import { statusAt } from './clock/status.js';
import type { Core } from './core.js';
import { pickCorrectablePlay, pickRuling } from './derive/corrections.js';
import { pickHoldChange, pickSaveChange } from './derive/decision-corrections.js';
import { createRng, hashSeed } from './prng.js';
import type { Correction } from './state.js';

/**
 * What a control correction changes: a play's event (`scoring`, the default), the win
 * (`decision`), the fielder charged with an error (`credit`), a run earned or not (`earned`), an RBI
 * (`rbi`), a save or a hold.
 */
export type CorrectionKind = 'scoring' | 'decision' | 'credit' | 'earned' | 'rbi' | 'save' | 'hold';

export const CORRECTION_KINDS: readonly CorrectionKind[] = [
  'scoring',
  'decision',
  'credit',
  'earned',
  'rbi',
  'save',
  'hold',
];

/** Applies a scoring change to a final game at now; throws when the game is unknown or not final. */
export function correctGame(
  core: Core,
  gamePk?: number,
  opts: { silent?: boolean; kind?: CorrectionKind } = {},
): { gamePk: number; description: string } {
  const now = core.state.nowMs;
  if (opts.kind === 'decision') return correctDecision(core, gamePk, opts.silent === true);
  if (opts.kind !== undefined && opts.kind !== 'scoring')
    return correctRuling(core, gamePk, opts.kind, opts.silent === true);
  const isFinal = (pk: number) => {
    const g = core.model.game(pk);
    if (!g || g.cancelled) return false;
    const { phase } = statusAt(core.model, g, now);
    return phase === 'final' || phase === 'over';
  };
  const candidates: number[] = [];
  if (gamePk !== undefined) {
    if (!core.model.game(gamePk)) throw new Error(`unknown gamePk ${gamePk}`);
    if (!isFinal(gamePk)) throw new Error(`game ${gamePk} is not final at ${new Date(now).toISOString()}`);
    candidates.push(gamePk);
  } else {
    const finals = core
      .visibleGames()
      .filter((g) => g.startMs <= now && isFinal(g.gamePk))
      .sort((a, b) => core.model.outcome(b.gamePk).endMs - core.model.outcome(a.gamePk).endMs);
    candidates.push(...finals.slice(0, 40).map((g) => g.gamePk));
  }
  let chosen: { pk: number; ab: number; from: string; to: string } | undefined;
  let fallback: typeof chosen;
  for (const pk of candidates) {
    const done = new Set(core.state.corrections.filter((c) => c.gamePk === pk).map((c) => c.ab));
    const view = core.view(core.model.game(pk)!);
    const pick = view.log ? pickCorrectablePlay(view.log, done) : undefined;
    if (!pick) continue;
    if (pick.from === 'field_error') {
      chosen = { pk, ...pick };
      break;
    }
    fallback ??= { pk, ...pick };
  }
  chosen ??= fallback;
  if (!chosen) throw new Error('no final game with a play that can be corrected');
  core.state.corrections.push({
    gamePk: chosen.pk,
    atMs: now,
    ab: chosen.ab,
    from: chosen.from,
    to: chosen.to,
    ...(opts.silent ? { silent: true } : {}),
  });
  core.state.revision += 1;
  const label = (t: string) => (t === 'field_error' ? 'fielding error' : 'single');
  return {
    gamePk: chosen.pk,
    description: `Scoring change: atBatIndex ${chosen.ab} changed from ${label(chosen.from)} to ${label(chosen.to)}`,
  };
}

/**
 * The official scorer credits the win of a final game to another pitcher of the winning club (the
 * one who pitched after the credited one, or before him when he was the last): the decision moves
 * between two pitching lines, the game's decisions follow.
 */
function correctDecision(
  core: Core,
  gamePk: number | undefined,
  silent: boolean,
): { gamePk: number; description: string } {
  const now = core.state.nowMs;
  if (gamePk === undefined) throw new Error('a decision correction needs a gamePk');
  const g = core.model.game(gamePk);
  if (!g) throw new Error(`unknown gamePk ${gamePk}`);
  const { phase } = statusAt(core.model, g, now);
  if (phase !== 'final' && phase !== 'over')
    throw new Error(`game ${gamePk} is not final at ${new Date(now).toISOString()}`);
  const view = core.view(g);
  const winner = view.decisions?.winner;
  const side = winner !== undefined && view.boxes?.away.pitchers.includes(winner) ? 'away' : 'home';
  const pitchers = view.boxes?.[side].pitchers ?? [];
  const i = winner === undefined ? -1 : pitchers.indexOf(winner);
  const other = i < 0 ? undefined : (pitchers[i + 1] ?? pitchers[i - 1]);
  if (winner === undefined || other === undefined)
    throw new Error(`game ${gamePk} has no other pitcher to credit the win to`);
  core.state.corrections.push({
    gamePk,
    atMs: now,
    ab: -1,
    from: 'decision',
    to: String(other),
    ...(silent ? { silent: true } : {}),
  });
  core.state.revision += 1;
  return { gamePk, description: `Scoring change: win credited to ${other} instead of ${winner}` };
}

/** The final game a correction of one game is made on (it must be given, known and final at now). */
function finalGame(core: Core, gamePk: number | undefined, what: string) {
  const now = core.state.nowMs;
  if (gamePk === undefined) throw new Error(`a ${what} correction needs a gamePk`);
  const g = core.model.game(gamePk);
  if (!g) throw new Error(`unknown gamePk ${gamePk}`);
  const { phase } = statusAt(core.model, g, now);
  if (phase !== 'final' && phase !== 'over')
    throw new Error(`game ${gamePk} is not final at ${new Date(now).toISOString()}`);
  return g;
}

/**
 * A ruling on a final game as it stands now: the error of a play charged to another fielder, a
 * run ruled earned or unearned, an RBI given or taken (on a play no earlier change touched), a save
 * or a hold moved, given or taken. Seeded by the game and how many changes it had.
 */
function correctRuling(
  core: Core,
  gamePk: number | undefined,
  kind: Exclude<CorrectionKind, 'scoring' | 'decision'>,
  silent: boolean,
): { gamePk: number; description: string } {
  const g = finalGame(core, gamePk, kind);
  const mine = core.state.corrections.filter((c) => c.gamePk === g.gamePk);
  const rng = createRng(hashSeed(core.seed, g.gamePk, mine.length, 0x5c04));
  const view = core.view(g);
  const done = new Set(mine.map((c) => c.ab));
  let pick: Omit<Correction, 'gamePk' | 'atMs'> | undefined;
  if (kind === 'save' || kind === 'hold') {
    const d =
      view.decisions &&
      view.boxes &&
      (kind === 'save' ? pickSaveChange : pickHoldChange)(view.decisions, view.boxes, rng);
    if (d) pick = { ab: -1, ...d };
  } else if (view.log) pick = pickRuling(view.log, kind, (p) => !done.has(p.ab), rng);
  if (!pick) throw new Error(`game ${g.gamePk} has nothing a ${kind} correction could change`);
  core.state.corrections.push({
    gamePk: g.gamePk,
    atMs: core.state.nowMs,
    ...pick,
    ...(silent ? { silent: true } : {}),
  });
  core.state.revision += 1;
  const { player, to } = pick;
  const where = pick.ab >= 0 ? ` at atBatIndex ${pick.ab}` : '';
  return {
    gamePk: g.gamePk,
    description: `Scoring change: ${kind}${where} ${player ?? 'nobody'} -> ${to === '' ? 'nobody' : to}`,
  };
}

/** Changes a player's record at now: a trade (currentTeam) or a new jersey number (primaryNumber). */
export function changePerson(
  core: Core,
  personId?: number,
  kind?: 'trade' | 'number',
): { personId: number; change: string } {
  const now = core.state.nowMs;
  // Planned injured-list activations do not count: a control change picks as it did before them.
  const n = core.state.personChanges.filter((c) => c.change !== 'il').length;
  const rng = createRng(hashSeed(core.seed, n, 0xc4a9));
  const players = core.league.people.filter((p) => p.isPlayer);
  const p = personId !== undefined ? core.league.personById.get(personId) : players[rng.int(0, players.length - 1)];
  if (!p?.isPlayer) throw new Error(`unknown player ${personId}`);
  const overlay = core.overlay(p.id, now);
  const teamId = overlay?.teamId ?? p.teamId;
  const change = kind ?? (n % 2 === 0 ? 'trade' : 'number');
  if (change === 'trade') {
    const teams = core.league.teams.filter((t) => t.id !== teamId);
    const to = at(teams, rng.int(0, teams.length - 1));
    core.state.personChanges.push({ personId: p.id, atMs: now, change: 'trade', teamId: to.id });
    core.state.revision += 1;
    return { personId: p.id, change: `trade: currentTeam ${teamId} -> ${to.id}` };
  }
  const used = new Set(
    core.league.people
      .filter((q) => (core.overlay(q.id, now)?.teamId ?? q.teamId) === teamId)
      .map((q) => core.overlay(q.id, now)?.primaryNumber ?? q.primaryNumber),
  );
  let num = rng.int(1, 99);
  while (used.has(String(num))) num = (num % 99) + 1;
  const before = overlay?.primaryNumber ?? p.primaryNumber;
  core.state.personChanges.push({ personId: p.id, atMs: now, change: 'number', primaryNumber: String(num) });
  core.state.revision += 1;
  return { personId: p.id, change: `primaryNumber: ${before} -> ${num}` };
}
