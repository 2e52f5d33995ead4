/**
 * Goa's flow as a table of steps (domain/games/goa/flow.ts): whom the game waits for and what for,
 * in words; the sentences of a refusal, out of turn or in a step that asks for something else.
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import type { Seat } from '../../domain/engine/contract';
import type { GoaEvent } from '../../domain/games/goa/events';
import { waitingFor } from '../../domain/games/goa/flow';
import type { GoaState } from '../../domain/games/goa/types';
import { spec } from '../support/decider-spec';
import { A, game, inActions, openTileAuction, plantation, play, rows, seatOf } from './fixtures';

const goa = spec<GoaState, GoaEvent>(game);

describe("Goa's step table", () => {
  it('out of turn, a refusal names the seat to act and what it is to do', () => {
    // Seat 1 auctions the Ships tile: seat 2 bids first, then seat 0, seat 1 last.
    const s = inActions(3, (s) => openTileAuction(s, 1, A.ships));
    const next = seatOf(s, 2).colour;
    goa
      .given([], s)
      .when(0, { type: 'bid', amount: 2 })
      .thenRejects('NOT_YOUR_TURN', new RegExp(`^It is not your turn: waiting for ${next} to bid for the Ships tile, or pass\\.$`));
    const raised = play(s, 2, { type: 'bid', amount: 3 }).state;
    expect(waitingFor(raised)).toBe('bid more than 3 ducats for the Ships tile, or pass');
    goa
      .given([], raised)
      .when(1, { type: 'pass' })
      .thenRejects('NOT_YOUR_TURN', new RegExp(`waiting for ${seatOf(s, 0).colour} to bid more than 3 ducats`));
  });

  it("in a choice, a command of another step is refused with what the choice asks for, or the game's own reason", () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { harvest: 3 });
      plantation(s, 0, A.double('clove'), 0);
      plantation(s, 0, A.double('pepper'), 0);
      plantation(s, 0, A.single('nutmeg'), 0);
    });
    const harvested = play(s, 0, { type: 'harvest' }).state;
    expect(waitingFor(harvested)).toBe('place 4 spices on empty fields');
    goa
      .given([], harvested)
      .when(0, { type: 'chooseColumn', column: 'ships' })
      .thenRejects('ILLEGAL', /^Now you must place 4 spices on empty fields \(allowed now: placeSpice\)\.$/);
    goa
      .given([], harvested)
      .when(0, { type: 'taxes' })
      .thenRejects('ILLEGAL', /^You have already taken your action this turn \(allowed now: placeSpice\)\.$/);
  });

  it('with more additional action cards than may be kept, passing is refused with the rule', () => {
    const s = inActions(2, (s) => {
      s.stage = 'extra';
      s.passed = [false, false];
      seatOf(s, s.flag).extraActions = 2;
    });
    expect(waitingFor(s)).toBe('take an additional action');
    goa
      .given([], s)
      .when(s.flag, { type: 'pass' })
      .thenRejects('ILLEGAL', /^You may keep only 1 additional action card: take an additional action \(allowed now: extraAction\)\.$/);
  });

  it('in every step a game rests in, one seat acts; the others may only discard, and are told whom the game waits for', () => {
    const kinds = new Set<string>();
    for (const [players, seed] of [
      [2, 11],
      [3, 12],
      [4, 13],
    ] as const) {
      playGame<GoaState, GoaEvent>(game, {
        players,
        seed,
        options: { variant: seed === 12 },
        bots: Array(players).fill(randomBot),
        onCommand: ({ state }) => {
          const s = state as GoaState;
          const active = game.activeSeats(s);
          if (s.status === 'over') return void expect(active).toEqual([]);
          expect(active).toHaveLength(1);
          kinds.add(s.pending.at(-1)?.kind ?? s.stage);
          const words = waitingFor(s);
          expect(words).toMatch(/^[a-z][^.]+[^.]$/);
          const other: Seat = ((active[0] ?? 0) + 1) % players;
          expect(game.legal(s, other).every((c) => c.type === 'discardCard')).toBe(true);
          const refused = game.decide(s, { type: 'endTurn' }, other);
          expect(refused).toEqual({
            ok: false,
            rejection: {
              code: 'NOT_YOUR_TURN',
              message: `It is not your turn: waiting for ${seatOf(s, active[0] ?? 0).colour} to ${words}.`,
            },
          });
        },
      });
    }
    for (const kind of ['variant', 'markers', 'auctions', 'actions', 'extra', 'placeSpices', 'colony', 'colonyTile'])
      expect(kinds).toContain(kind);
  });
});
