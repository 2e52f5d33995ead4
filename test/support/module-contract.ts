/**
 * What every game module must do, as tests any game's test file can register with one call
 * (docs/writing-a-game.md): random games end with an outcome; `legal` lists exactly what
 * `decide` accepts — every listed command is accepted, and other commands are refused with a
 * sentence and leave the state as it was; a seat is active exactly when it has a legal command
 * in its turn; replaying the events gives the same state, also from a snapshot; views are plain
 * JSON; nothing is legal once the game is over.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type Bot, playGame, randomBot } from '../../domain/engine/bots';
import type { AnyGameModule, Tagged } from '../../domain/engine/contract';
import { deepCopy, deepEqual } from '../../domain/engine/copy';
import { execute, fold, restore, takeSnapshot } from '../../domain/engine/projector';

export interface ContractOptions {
  /** Commands of the game's shape, legal or not (junk included), to try in random states. */
  anyCommand: fc.Arbitrary<unknown>;
  /** Bots that play the random games (default: the random bot in every seat). */
  bots?: (players: number) => Bot[];
  /** Random games per property (default 25). */
  runs?: number;
}

export function moduleContract(game: AnyGameModule, options: ContractOptions): void {
  const players = fc.integer({ min: game.minPlayers, max: game.maxPlayers });
  const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });
  const runs = options.runs ?? 25;
  const play = (s: number, n: number, onCommand?: (state: unknown) => void) =>
    playGame<unknown, Tagged>(game, {
      players: n,
      seed: s,
      bots: options.bots?.(n) ?? Array(n).fill(randomBot),
      onCommand: ({ state }) => onCommand?.(state),
    });

  it(`${game.id}: random games end with an outcome, and nothing is legal afterwards`, () => {
    fc.assert(
      fc.property(seed, players, (s, n) => {
        const played = play(s, n);
        expect(played.outcome).not.toBeNull();
        expect(game.activeSeats(played.state)).toEqual([]);
        for (let seat = 0; seat < n; seat++) expect(game.legal(played.state, seat)).toEqual([]);
      }),
      { numRuns: runs },
    );
  });

  it(`${game.id}: every legal command is accepted; other commands are refused with a sentence and change nothing`, () => {
    fc.assert(
      fc.property(seed, players, fc.array(options.anyCommand, { minLength: 5, maxLength: 5 }), (s, n, junk) => {
        let checked = 0;
        play(s, n, (state) => {
          if (checked++ % 3 !== 0) return;
          const before = deepCopy(state);
          for (let seat = 0; seat < n; seat++) {
            const legal = game.legal(state, seat);
            const active = game.activeSeats(state).includes(seat);
            // An active seat always has something to do.
            if (active) expect(legal.length).toBeGreaterThan(0);
            for (const command of legal) expect(execute(game, state, command, seat).ok).toBe(true);
            for (const command of junk) {
              if (legal.some((c) => deepEqual(c, command))) continue;
              const r = execute(game, state, command, seat);
              expect(r.ok).toBe(false);
              if (!r.ok) expect(r.rejection.message).toMatch(/^[A-Z].*[.)]$/);
            }
          }
          expect(state).toEqual(before);
        });
      }),
      { numRuns: runs },
    );
  });

  it(`${game.id}: the events replay to the same state, also from a snapshot, and views are plain JSON`, () => {
    fc.assert(
      fc.property(seed, players, fc.double({ min: 0, max: 1, noNaN: true }), (s, n, cutAt) => {
        const played = play(s, n);
        expect(fold(game, played.events)).toEqual(played.state);
        const cut = Math.floor(cutAt * played.events.length);
        const snapshot = JSON.parse(JSON.stringify(takeSnapshot(game, fold(game, played.events.slice(0, cut)), cut)));
        expect(restore(game, snapshot, played.events.slice(cut))).toEqual(played.state);
        for (const seat of [null, ...Array.from({ length: n }, (_, i) => i)]) {
          const view = game.view(played.state, seat);
          expect(JSON.parse(JSON.stringify(view))).toEqual(view);
        }
      }),
      { numRuns: runs },
    );
  });
}
