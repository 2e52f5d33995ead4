/**
 * What every store's behaviour suite is given: a full set of stores (functions/stores/) and the
 * hooks that put data in as older builds wrote it; and the helpers the suites share — ids of
 * their own (suites may share one table), lowered limits, refusals, games written as the host
 * writes them.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { planCommand, planCreate, planJoin } from '../../../functions/core/plans';
import { ProtocolError } from '../../../functions/core/protocol/frames';
import { applyCommit, applyDecided, type Commit, type GameRecord, type SeatPlayer } from '../../../functions/core/record';
import type { LimitName } from '../../../functions/adapters/limits';
import type { CommitItem } from '../../../functions/adapters/store/items';
import type { StoredSnapshot } from '../../../functions/adapters/store/snapshot';
import type { StoredRating } from '../../../functions/adapters/memory/ratings';
import type { Stores } from '../../../functions/stores';

export interface StoreKit {
  stores: Stores;
  /** Put a snapshot in a given stored form, as older builds wrote them. */
  plantSnapshot(gameId: string, stored: StoredSnapshot): Promise<void>;
  /** Remove a game's snapshot of that version. */
  dropSnapshot(gameId: string, version: number): Promise<void>;
  /** Put a commit item back as it was stored (a compaction that died before its deletes, or half way through them). */
  restoreCommit(item: CommitItem): Promise<void>;
  /** Put a player's rating as it stands (an older build's, without `rev`), with no leaderboard entry or history. */
  plantRating(playerId: string, game: string, rating: StoredRating): Promise<void>;
}

export const at = '2026-11-21T12:00:00.000Z';

/** Run `body` with some limits lowered (the limits are read from the environment when checked). */
export async function withLimits(limits: Partial<Record<LimitName, number>>, body: () => Promise<void>): Promise<void> {
  const saved = Object.keys(limits).map((name) => [name, process.env[`LIMIT_${name}`]] as const);
  for (const [name, value] of Object.entries(limits)) process.env[`LIMIT_${name}`] = String(value);
  try {
    await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[`LIMIT_${name}`];
      else process.env[`LIMIT_${name}`] = value;
    }
  }
}

/** The ProtocolError a promise was refused with, checked to carry `code`. */
export async function rejectsWith(promise: Promise<unknown>, code: string): Promise<ProtocolError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(code);
  return error as ProtocolError;
}

/** A suite's own ids and games, on the stores `kit` gives (called once the suite's tests run). */
export function suiteContext(kit: () => StoreKit) {
  // Ids of this run only: other suites, and earlier runs, may share the store.
  const run = randomBytes(4).toString('hex');
  const id = (name: string) => `${name}-${run}`;
  const person = (name: string): SeatPlayer => ({ playerId: id(name.toLowerCase()), name });

  /** Store a commit on `record` as the host does, and index the game when its seats or status changed. */
  async function write(record: GameRecord | null, commit: Commit, options: { index?: boolean } = {}): Promise<GameRecord> {
    const next = applyCommit(record, commit);
    expect(await kit().stores.games.append(commit, next, record)).toBe(true);
    if (
      options.index !== false &&
      (!record || record.status !== next.status || record.seats.some((s, i) => s?.playerId !== next.seats[i]?.playerId))
    )
      await kit().stores.playerGames.indexGame(next);
    return next;
  }

  /** A tic-tac-toe game of `x` (seat 0): open; joined by `o`; with `finish`, X takes the top row. Every version's record, in order. */
  async function ticTacToe(
    gameId: string,
    x: SeatPlayer,
    o?: SeatPlayer,
    options: { finish?: boolean; index?: boolean; listed?: boolean } = {},
  ): Promise<{ record: GameRecord; records: GameRecord[] }> {
    const records: GameRecord[] = [];
    const create = planCreate({ gameId, game: 'tic-tac-toe', players: 2, options: {}, player: x, seed: 1, at, listed: options.listed });
    let record = await write(null, create, options);
    records.push(record);
    if (o) records.push((record = await write(record, planJoin(record, o, 1, 1, at)!, options)));
    if (o && options.finish) {
      for (const [p, cell] of [
        [x, 0],
        [o, 3],
        [x, 1],
        [o, 4],
        [x, 2],
      ] as const) {
        const plan = planCommand(record, p.playerId, `${gameId}-${cell}`, { type: 'mark', cell }, at);
        if (!('commit' in plan)) throw new Error('a repeated command');
        records.push((record = applyDecided(record, plan)));
        expect(await kit().stores.games.append(plan.commit, record, records.at(-2)!)).toBe(true);
      }
      if (options.index !== false) await kit().stores.playerGames.indexGame(record);
    }
    return { record, records };
  }

  return { run, id, person, write, ticTacToe };
}

export type SuiteContext = ReturnType<typeof suiteContext>;
