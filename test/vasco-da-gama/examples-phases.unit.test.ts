/**
 * The rulebook's worked examples for Phase 1 (placing discs) and Phase 2 (paying for the right to
 * act, giving up), with the rulebook's numbers.
 */
import { describe, expect, it } from 'vitest';
import { spec } from '../support/decider-spec';
import { PHASE1_EXAMPLE, RED, YELLOW, game, phase2, play, playAll, round1, vdg, legalOf } from './fixtures';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';

const vdgSpec = spec<VdgState, VdgEvent>(game);

describe('Phase 1 example: 2 players, initial number 11, Red holds Manuel I', () => {
  // Yellow is first player; Red owns Manuel I (and so the Additional Action Disc).
  const start = () =>
    round1(2, {
      holders: PHASE1_EXAMPLE.holders,
      vdg: { faceUp: vdg(11), deck: [vdg(8), vdg(4), vdg(5), vdg(6), vdg(7), vdg(9), vdg(10), vdg(12)] },
    });

  it('puts the free-action marker at 11 and 9 and 4 Reals in the Characters Area', () => {
    const s = start();
    expect(s.initialNumber).toBe(11);
    expect(s.coins).toEqual([9, 4]);
    expect(s.freeNumber).toBeNull(); // the variation is still face down
  });

  it('fills Characters after three discs, then nobody may place there', () => {
    let s = start();
    ({ state: s } = playAll(s, [
      [YELLOW, { type: 'place', number: 8, area: 'characters' }],
      [RED, { type: 'place', number: 15, area: 'characters' }],
      [YELLOW, { type: 'place', number: 7, area: 'recruiting' }],
      [RED, { type: 'place', number: 6, area: 'characters' }],
    ]));
    expect(s.slots.characters.every((d) => d !== null)).toBe(true);
    for (const seat of [YELLOW, RED]) expect(game.legal(s, seat).some((c) => c.type === 'place' && c.area === 'characters')).toBe(false);
    vdgSpec
      .given([], s)
      .when(YELLOW, { type: 'place', number: 11, area: 'characters' })
      .thenRejects('ILLEGAL', /Characters has no empty action slot/);
    // Red may not jump the turn order.
    vdgSpec.given([], s).when(RED, { type: 'place', number: 13, area: 'projects' }).thenRejects('NOT_YOUR_TURN');
  });

  it('lets Red place 21 with the Additional Action Disc and a fifth disc after Yellow is done', () => {
    let s = start();
    const { events, state } = playAll(s, [
      [YELLOW, { type: 'place', number: 8, area: 'characters' }],
      [RED, { type: 'place', number: 15, area: 'characters' }],
      [YELLOW, { type: 'place', number: 7, area: 'recruiting' }],
      [RED, { type: 'place', number: 6, area: 'characters' }],
      [YELLOW, { type: 'place', number: 11, area: 'navigation' }],
      [RED, { type: 'place', number: 13, area: 'projects' }],
      [YELLOW, { type: 'place', number: 9, area: 'projects' }],
      [RED, { type: 'place', number: 21, area: 'navigation' }],
    ]);
    s = state;
    expect(events.filter((e) => e.type === 'DiscPlaced')).toHaveLength(8);
    // Yellow has placed 4 discs; Red still has one and keeps the turn.
    expect(game.activeSeats(s)).toEqual([RED]);
    expect(
      game
        .legal(s, RED)
        .filter((c) => c.type === 'place')
        .every((c) => c.type === 'place' && c.number <= 20),
    ).toBe(true);
    const last = play(s, RED, { type: 'place', number: 5, area: 'recruiting' });
    // Phase 1 is complete: the next tile is turned and gives the variation −3, so 8 is free.
    expect(last.events).toContainEqual({ type: 'VariationRevealed', tile: vdg(8), variation: -3, freeNumber: 8 });
    expect(last.events).toContainEqual({ type: 'NumberCalled', number: 5, seat: RED, area: 'recruiting', cost: 3 });
  });
});

describe('Phase 2 example: initial 11, variation −3, first free action 8', () => {
  // The discs of the Phase 1 example. Both players have a launched ship and a captain for the expeditions.
  const { discs } = PHASE1_EXAMPLE;
  const begin = () =>
    phase2(2, discs, {
      setup: { holders: PHASE1_EXAMPLE.holders },
      arrange: (s) => {
        s.seats[YELLOW]!.ships.push('I-12'); // limit 7
        s.seats[RED]!.ships.push('I-11'); // limit 7
        s.seats[RED]!.captains = 2;
      },
    });

  it('charges 3, 2, 1 Reals below 8 and nothing from 8 on; refunds 2 for 6, 3 for 15, nothing for 21', () => {
    let { events, state: s } = begin();
    expect(s.freeNumber).toBe(8);
    const calls: Record<number, number> = {};
    const record = (evs: VdgEvent[]) => {
      for (const e of evs) if (e.type === 'NumberCalled') calls[e.number] = e.cost;
    };
    record(events);
    const step = (seat: number, command: unknown) => {
      const r = play(s, seat, command);
      record(r.events);
      s = r.state;
      return r.events;
    };
    const redReals = s.seats[RED]!.reals;
    const yellowReals = s.seats[YELLOW]!.reals;

    // 5: Red pays 3 (8 − 5) and recruits.
    let evs = step(RED, { type: 'recruitFrom', section: 0 });
    expect(evs).toContainEqual({ type: 'ActionStarted', seat: RED, number: 5, area: 'recruiting', paid: 3 });
    const section0 = s.sections[0]!;
    const colour = (['orange', 'turquoise', 'violet', 'grey'] as const).find((c) => section0[c] > 0)!;
    step(RED, { type: 'recruit', sailors: { [colour]: 1 }, captain: false }); // 1 Real for one colour
    expect(s.seats[RED]!.reals).toBe(redReals - 3 - 1);
    // 6: Red would pay 2; he gives up and receives 2.
    evs = step(RED, { type: 'giveUp' });
    expect(evs).toContainEqual({ type: 'ActionGivenUp', seat: RED, number: 6, refund: 2, forced: false });
    expect(s.seats[RED]!.reals).toBe(redReals - 4 + 2);
    // 7: Yellow pays 1 and recruits (a captain only costs nothing more).
    evs = step(YELLOW, { type: 'recruitCaptain' });
    expect(evs).toContainEqual({ type: 'ActionStarted', seat: YELLOW, number: 7, area: 'recruiting', paid: 1 });
    // 8, 9, 11: free for Yellow.
    evs = step(YELLOW, { type: 'takeMoney', space: 0 });
    expect(evs).toContainEqual({ type: 'ActionStarted', seat: YELLOW, number: 8, area: 'characters', paid: 0 });
    evs = step(YELLOW, { type: 'purchase', spaces: [0] });
    expect(evs).toContainEqual({ type: 'ActionStarted', seat: YELLOW, number: 9, area: 'projects', paid: 0 });
    step(YELLOW, { type: 'expedition', landing: 'malindi' });
    step(YELLOW, { type: 'sendShip', ship: 'I-12', slot: 2 });
    expect(s.seats[YELLOW]!.reals).toBe(yellowReals - 1 + 9 - 1 + 1); // right 1, Vasco's 9, project 1, Malindi bonus 1
    // 13: free for Red.
    evs = step(RED, { type: 'purchase', spaces: [1] });
    expect(evs).toContainEqual({ type: 'ActionStarted', seat: RED, number: 13, area: 'projects', paid: 0 });
    // 15: free, but Red gives up anyway and receives 3.
    evs = step(RED, { type: 'giveUp' });
    expect(evs).toContainEqual({ type: 'ActionGivenUp', seat: RED, number: 15, refund: 3, forced: false });
    // 21: an Additional Action gives nothing when given up.
    expect(s.call).toMatchObject({ number: 21, seat: RED });
    evs = step(RED, { type: 'giveUp' });
    expect(evs).toContainEqual({ type: 'ActionGivenUp', seat: RED, number: 21, refund: 0, forced: false });
    expect(calls).toEqual({ 5: 3, 6: 2, 7: 1, 8: 0, 9: 0, 11: 0, 13: 0, 15: 0, 21: 0 });
    // Phase 2 is over; Phase 3 follows by itself.
    expect(s.phase === 'placement' || s.phase === 'navigation').toBe(true);
  });

  it('cannot pay for the right with money it does not have: only giving up is left, and it happens by itself', () => {
    const { events, state } = phase2(
      2,
      [
        [RED, 1, 'projects'],
        [YELLOW, 12, 'characters'],
      ],
      {
        arrange: (s) => void (s.seats[RED]!.reals = 6), // 8 − 1 = 7 to pay
      },
    );
    expect(events).toContainEqual({ type: 'ActionGivenUp', seat: RED, number: 1, refund: 1, forced: true });
    expect(state.seats[RED]!.reals).toBe(7);
    expect(state.call).toMatchObject({ number: 12, seat: YELLOW });
  });

  it('lists exactly the choices that the called number allows, and only for its owner', () => {
    const { state } = begin();
    expect(state.call).toMatchObject({ number: 5, seat: RED, area: 'recruiting' });
    expect(legalOf(state, YELLOW, 'giveUp')).toEqual([]);
    expect(legalOf(state, RED, 'giveUp')).toEqual([{ type: 'giveUp' }]);
    vdgSpec
      .given([], state)
      .when(YELLOW, { type: 'giveUp' })
      .thenRejects('NOT_YOUR_TURN', /waiting for Red/);
    vdgSpec
      .given([], state)
      .when(RED, { type: 'purchase', spaces: [0] })
      .thenRejects(
        'ILLEGAL',
        /^Now you must act with number 5 in Recruiting or give it up \(allowed now: giveUp, recruitFrom, recruitCaptain\)\.$/,
      );
  });

  it('moves to Phase 3 once every number is called', () => {
    const { state } = phase2(2, [[YELLOW, 9, 'characters']]);
    const { events } = play(state, YELLOW, { type: 'takeMoney', space: 1 });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ActionStarted', 'MoneyTaken', 'ActionCompleted', 'NavigationStarted']),
    );
  });
});
