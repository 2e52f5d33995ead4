/**
 * The engine's flow (domain/engine/flow.ts): one legality mechanism and one automatic run for
 * every game, checked on tic-tac-toe (the template) and on a small flow with an automatic step
 * and a command allowed at any time.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../domain/engine/contract';
import { evolverOf } from '../../domain/engine/evolver';
import { activeSeats, admit, decider, type Emitter, type Flow, legal, settle, waitingFor } from '../../domain/engine/flow';
import { Transaction } from '../../domain/engine/transaction';
import { ticTacToe, type TicTacToeEvent, type TicTacToeState } from '../../domain/games/tic-tac-toe';
import { spec } from '../support/decider-spec';

const started: TicTacToeEvent[] = [{ type: 'GameStarted', players: 2 }];

describe('tic-tac-toe through the flow', () => {
  const ttt = spec<TicTacToeState, TicTacToeEvent>(ticTacToe);

  it('accepts the seat to move and ends the game on a line', () => {
    ttt
      .given(started)
      .when(0, { type: 'mark', cell: 4 })
      .then([{ type: 'Marked', seat: 0, cell: 4 }]);
    const line: TicTacToeEvent[] = [
      ...started,
      { type: 'Marked', seat: 0, cell: 0 },
      { type: 'Marked', seat: 1, cell: 3 },
      { type: 'Marked', seat: 0, cell: 1 },
      { type: 'Marked', seat: 1, cell: 4 },
    ];
    ttt
      .given(line)
      .when(0, { type: 'mark', cell: 2 })
      .then([
        { type: 'Marked', seat: 0, cell: 2 },
        { type: 'GameEnded', winner: 0 },
      ]);
  });

  it('refuses with one set of sentences: whose turn, what is taken, the game over, no such seat', () => {
    ttt
      .given(started)
      .when(1, { type: 'mark', cell: 4 })
      .thenRejects('NOT_YOUR_TURN', /^It is not your turn: waiting for X to mark an empty cell\.$/);
    ttt
      .given([...started, { type: 'Marked', seat: 0, cell: 4 }])
      .when(1, { type: 'mark', cell: 4 })
      .thenRejects('ILLEGAL', /^The centre is already marked \(allowed now: mark\)\.$/);
    ttt
      .given([...started, { type: 'GameEnded', winner: null }])
      .when(0, { type: 'mark', cell: 4 })
      .thenRejects('GAME_OVER');
    ttt
      .given(started)
      .when(2, { type: 'mark', cell: 4 })
      .thenRejects('BAD_REQUEST', /no seat 2/);
    ttt.given(started).when(0, { type: 'mark', cell: 4, extra: true }).thenRejects('BAD_REQUEST');
  });

  it('refuses unknown creation options', () => {
    expect(ticTacToe.optionsSchema.safeParse({}).success).toBe(true);
    expect(ticTacToe.optionsSchema.safeParse({ size: 4 }).success).toBe(false);
  });
});

/**
 * A counting game: seats take turns adding 1 or 2 to a total; whenever the total is a multiple
 * of 5 a bonus step pays the mover by itself; anyone may `shout` at any time; 10 or more ends it.
 */
type Cmd = { type: 'add'; n: 1 | 2 } | { type: 'shout' };
type Ev = { type: 'Added'; seat: Seat; n: number } | { type: 'Bonus'; seat: Seat } | { type: 'Shouted'; seat: Seat } | { type: 'Ended' };
interface St {
  total: number;
  turn: Seat;
  bonusDue: Seat | null;
  bonuses: number[];
  shouts: number;
  over: boolean;
}
type At = { kind: 'turn'; seat: Seat } | { kind: 'bonus'; seat: Seat };

function apply(s: St, e: Ev): void {
  if (e.type === 'Added') {
    s.total += e.n;
    s.turn = 1 - e.seat;
    if (s.total % 5 === 0) s.bonusDue = e.seat;
  } else if (e.type === 'Bonus') {
    s.bonuses[e.seat]!++;
    s.bonusDue = null;
  } else if (e.type === 'Shouted') s.shouts++;
  else s.over = true;
}

const counting: Flow<St, Cmd, Ev, At> = {
  at: (s) => (s.bonusDue !== null ? { kind: 'bonus', seat: s.bonusDue } : { kind: 'turn', seat: s.turn }),
  steps: {
    turn: {
      active: (_, at) => [at.seat],
      prompt: () => 'add 1 or 2',
      options: () => [
        { type: 'add', n: 1 },
        { type: 'add', n: 2 },
      ],
      settle: (tx) => {
        if (tx.state.total < 10) return false;
        tx.emit({ type: 'Ended' });
        return true;
      },
    },
    bonus: {
      active: () => [],
      prompt: () => 'take a bonus',
      options: () => [],
      settle: (tx, at) => {
        tx.emit({ type: 'Bonus', seat: at.seat });
        return true;
      },
    },
  },
  over: (s) => s.over,
  seats: () => 2,
  seatName: (_, seat) => ['Ana', 'Bruno'][seat]!,
  anytime: () => [{ type: 'shout' }],
};
const fresh = (): St => ({ total: 0, turn: 0, bonusDue: null, bonuses: [0, 0], shouts: 0, over: false });
const decide = decider(counting, apply, (tx, c, seat) =>
  tx.emit(c.type === 'add' ? { type: 'Added', seat, n: c.n } : { type: 'Shouted', seat }),
);
const { evolveAll } = evolverOf(apply);

describe('a flow with an automatic step and a command allowed at any time', () => {
  it('derives whose turn it is, what is legal and what the game waits for from the table', () => {
    const s = fresh();
    expect(activeSeats(counting, s)).toEqual([0]);
    expect(legal(counting, s, 0)).toEqual([{ type: 'add', n: 1 }, { type: 'add', n: 2 }, { type: 'shout' }]);
    expect(legal(counting, s, 1)).toEqual([{ type: 'shout' }]);
    expect(legal(counting, s, 0, 'shout')).toEqual([{ type: 'shout' }]);
    expect(legal(counting, s, 5)).toEqual([]);
    expect(waitingFor(counting, s)).toBe('add 1 or 2');
  });

  it('lets any seat send an anytime command out of turn, and names the seat waited for otherwise', () => {
    expect(decide(fresh(), { type: 'shout' }, 1)).toEqual({ ok: true, events: [{ type: 'Shouted', seat: 1 }] });
    expect(admit(counting, fresh(), { type: 'add', n: 1 }, 1)).toEqual({
      code: 'NOT_YOUR_TURN',
      message: 'It is not your turn: waiting for Ana to add 1 or 2.',
    });
  });

  it('settles automatic steps after a command, in order, and stops where a seat must choose', () => {
    const s = { ...fresh(), total: 3, turn: 1 };
    const d = decide(s, { type: 'add', n: 2 }, 1);
    expect(d).toEqual({
      ok: true,
      events: [
        { type: 'Added', seat: 1, n: 2 },
        { type: 'Bonus', seat: 1 },
      ],
    });
    if (!d.ok) return;
    const after = evolveAll(s, d.events);
    expect(activeSeats(counting, after)).toEqual([0]);
    const end = decide({ ...fresh(), total: 8 }, { type: 'add', n: 2 }, 0);
    expect(end.ok && end.events.map((e) => e.type)).toEqual(['Added', 'Bonus', 'Ended']);
    expect(admit(counting, evolveAll(fresh(), [{ type: 'Ended' }]), { type: 'shout' }, 0)?.code).toBe('GAME_OVER');
  });

  it('stops a table that never settles instead of looping', () => {
    const looping: Flow<St, Cmd, Ev, At> = {
      ...counting,
      steps: { ...counting.steps, turn: { ...counting.steps.turn, settle: () => true } },
    };
    const tx: Emitter<St, Ev> = new Transaction(fresh(), apply);
    expect(() => settle(looping, tx)).toThrow(/did not settle/);
  });
});
