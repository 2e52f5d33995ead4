/**
 * Setup, end-of-round operations and the end of the game: character distribution, the merchant
 * ship before round 1, decks exhausted I → II → III, refills that stop when the bag is empty,
 * missing missionaries, final launches, final scoring and tie-breaks.
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { PROJECTS } from '../../domain/games/vasco-da-gama/data';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { finalScores } from '../../domain/games/vasco-da-gama/navigation';
import { sailorCount } from '../../domain/games/vasco-da-gama/rules';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { BLACK, BLUE, RED, YELLOW, auto, game, gameSetUp, phase2, play, begin, legalOf } from './fixtures';

describe('setup', () => {
  it.each([2, 3, 4])('deals characters, sailors, projects and tiles for %i players', (players) => {
    const events = game.setup({ players, options: {}, seed: 42 });
    const s = events.reduce(game.evolve, game.initialState());
    const setup = events[0] as Extract<VdgEvent, { type: 'GameSetUp' }>;
    const first = setup.firstPlayer;
    const expected = { 2: ['dias', 'sernigi'], 3: ['dias', 'alvares', 'sernigi'], 4: ['dias', 'alvares', 'sernigi', 'manuel'] }[players]!;
    expected.forEach((c, i) => expect(s.holder[c as keyof typeof s.holder]).toBe((first + i) % players));
    // Dias: 2 VP; Alvares: 1 missionary; Manuel I: the Additional Action Disc.
    expect(s.seats[first]!.vp).toBe(2);
    if (players >= 3) expect(s.seats[s.holder.alvares!]!.missionaries).toBe(1);
    expect(s.missionaries).toBe(players >= 3 ? 5 : 6);
    expect(s.seats.filter((p) => p.extraDisc).length).toBe(players === 4 ? 1 : 0);
    for (const p of s.seats) {
      expect(p).toMatchObject({ reals: 10, captains: 1, captainsInRecruiting: 6, projects: [], ships: [] });
    }
    // 5 sailors in each active section, the rest in the bag.
    s.sections.forEach((sec, i) => expect(sailorCount(sec)).toBe(i < players ? 5 : 0));
    expect(sailorCount(s.bag)).toBe(32 - 5 * players);
    // São Gabriel and 6 upper spaces from deck I.
    expect([s.saoGabriel, ...s.row].every((t) => t && PROJECTS[t]!.deck === 1)).toBe(true);
    expect(s.decks.map((d) => d.length)).toEqual([5, 12, 11]);
    // The Sernigi holder's merchant ship was dealt before the deck was formed and its top turned up.
    expect(s.merchant.dealt).not.toBeNull();
    expect(s.merchant.faceUp).not.toBeNull();
    expect(s.merchant.deck).toHaveLength(4);
    expect(s.vdg.faceUp).not.toBeNull();
    expect(s.vdg.deck).toHaveLength(8);
  });

  it('makes the Sernigi holder send the dealt merchant ship before Phase 1 of round 1', () => {
    const setup = gameSetUp(3);
    const { events, state } = begin(setup);
    expect(events.map((e) => e.type)).toEqual(['GameSetUp', 'MerchantDue']);
    expect(game.activeSeats(state)).toEqual([setup.holders.sernigi]);
    expect(state.round).toBe(0);
    // It must be sent: there is no holding it, and nothing else to do.
    const legal = game.legal(state, setup.holders.sernigi!);
    expect(legal.every((c) => c.type === 'sendMerchant')).toBe(true);
    expect(legal).toHaveLength(21); // the 11-limit ship fits every empty slot
    const r = play(state, setup.holders.sernigi!, { type: 'sendMerchant', landing: 'mombasa', slot: 0 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'MerchantSent', reals: 2 }));
    expect(r.events.at(-1)).toMatchObject({ type: 'RoundStarted', round: 1, firstPlayer: 0 });
    expect(r.state.merchant.faceUp).toBe('merchant-7'); // this round's ship is still to come
  });
});

const randomGame = (seed: number, players: number) =>
  playGame<VdgState, VdgEvent>(game, { players, seed, bots: Array(players).fill(randomBot) });

describe('end of round', () => {
  it('replaces the projects from the lowest deck that has any: I, then I and II, II, II and III, III', () => {
    const { events } = randomGame(3, 4);
    const dealt = events.flatMap((e) => (e.type === 'ProjectsReplaced' ? [[e.saoGabriel, ...e.row]] : []));
    const decks = dealt.map((ids) => ids.map((id) => PROJECTS[id!]!.deck).join(''));
    expect(decks).toEqual(['1111122', '2222222', '2223333', '3333333']);
    // São Gabriel is the top tile, the first drawn.
    expect(dealt[0]!.map((id) => PROJECTS[id!]!.deck)[0]).toBe(1);
  });

  it("discards unsold projects, turns the next merchant ship, clears Vasco da Gama's money", () => {
    const { state } = phase2(2, [[YELLOW, 12, 'characters']], {
      arrange: (s) => {
        s.merchant.faceUp = null; // this round's merchant ship has sailed
        s.merchant.done = true;
      },
    });
    const unsold = [state.saoGabriel, ...state.row].filter(Boolean);
    const r = play(state, YELLOW, { type: 'takeMoney', space: 0 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'ProjectsReplaced', discarded: unsold }));
    expect(r.events).toContainEqual({ type: 'MerchantRevealed', tile: 'merchant-4' });
    expect(r.state.removed).toEqual(expect.arrayContaining(unsold as string[]));
    // The tile turned in Phase 2 (initial number 8) sets round 2: 6 and 3 Reals replace what was left.
    expect(r.state.initialNumber).toBe(8);
    expect(r.state.coins).toEqual([6, 3]);
  });

  it('refills from the rightmost active section, 3 each and never above 5, stopping when the bag is empty', () => {
    const { events } = phase2(4, [], {
      arrange: (s) => {
        s.merchant.faceUp = null;
        s.merchant.done = true;
        // 4 sailors left in the bag; sections 4 and 3 have room for 3 and 1.
        const bag = { orange: 2, turquoise: 2, violet: 0, grey: 0 };
        const moved = { orange: s.bag.orange - 2, turquoise: s.bag.turquoise - 2, violet: s.bag.violet, grey: s.bag.grey };
        s.bag = bag;
        s.seats[RED]!.sailors = moved;
        s.sections = [
          { orange: 0, turquoise: 0, violet: 0, grey: 0 },
          { orange: 0, turquoise: 0, violet: 0, grey: 0 },
          { orange: 0, turquoise: 4, violet: 0, grey: 0 },
          { orange: 0, turquoise: 0, violet: 2, grey: 0 },
        ].map((x, i) => {
          // keep the 32-sailor total: the removed sailors go to Red's supply
          const was = s.sections[i]!;
          for (const c of ['orange', 'turquoise', 'violet', 'grey'] as const) s.seats[RED]!.sailors[c] += was[c] - x[c];
          return x;
        });
      },
    });
    const refill = events.find((e) => e.type === 'RecruitingRefilled') as Extract<VdgEvent, { type: 'RecruitingRefilled' }>;
    expect(refill.added.map(sailorCount)).toEqual([0, 0, 1, 3]);
  });

  it('gives the Alvares holder nothing when no missionary is left', () => {
    const { events } = phase2(3, [], {
      setup: { holders: { dias: YELLOW, alvares: RED, sernigi: BLACK, manuel: null } },
      arrange: (s) => {
        s.seats[RED]!.missionaries += s.missionaries;
        s.missionaries = 0;
        s.merchant.faceUp = null;
        s.merchant.done = true;
      },
    });
    expect(events).toContainEqual({ type: 'MissionaryGranted', seat: RED, granted: false });
  });

  it('makes the Sernigi host who held the merchant ship send it at the start of Phase 3', () => {
    let { state: s } = phase2(4, [
      [BLUE, 12, 'characters'],
      [RED, 13, 'projects'],
    ]);
    s = play(s, BLUE, { type: 'host', character: 'sernigi' }).state;
    s = play(s, BLUE, { type: 'holdMerchant' }).state;
    expect(s.call).toMatchObject({ number: 13, seat: RED });
    s = play(s, RED, { type: 'purchase', spaces: [0] }).state;
    expect(s.phase).toBe('navigation');
    expect(s.pending.at(-1)).toMatchObject({ kind: 'merchant', seat: BLUE, optional: false });
  });

  it('discards a merchant ship that fits no empty slot', () => {
    const { events } = phase2(2, [], {
      arrange: (s) => {
        s.merchant.faceUp = 'merchant-4';
        // every slot worth 4 is taken
        s.landings.natal = [{ tile: 'I-01', owner: RED }];
        s.landings.terraDeBoaGente = [null, { tile: 'I-02', owner: RED }];
        s.landings.mozambique = [null, null, { tile: 'I-05', owner: RED }];
      },
    });
    expect(events).toContainEqual({ type: 'MerchantDiscarded', tile: 'merchant-4' });
  });
});

describe('end of the game', () => {
  /** Round 5's Phase 2 with one disc left to play. */
  const lastRound = (arrange: (s: VdgState) => void) =>
    phase2(2, [[YELLOW, 12, 'characters']], {
      setup: { holders: { dias: YELLOW, sernigi: RED, alvares: null, manuel: null } },
      arrange: (s) => {
        s.round = 5;
        s.merchant.faceUp = null;
        s.merchant.done = true;
        arrange(s);
      },
    }).state;

  it('gives Dias 2 VP, lets players launch last ships, then scores Reals and ships with captains', () => {
    let s = lastRound((s) => {
      const y = s.seats[YELLOW]!;
      y.reals = 14;
      y.ships = ['I-01'];
      y.projects = ['I-02', 'I-03']; // crews of 2
      y.sailors = { orange: 1, turquoise: 1, violet: 0, grey: 0 }; // from the bag
      s.bag.orange--;
      s.bag.turquoise--;
      y.captains = 2;
      s.seats[RED]!.reals = 5;
    });
    s = play(s, YELLOW, { type: 'takeMoney', space: 1 }).state; // 4 Reals → 18
    expect(s.phase).toBe('finalLaunch');
    // Red has nothing to launch and is done by himself; Yellow may launch one of two projects.
    expect(s.finished).toEqual([false, true]);
    expect(legalOf(s, YELLOW, 'launch')).toHaveLength(2);
    const vp = s.seats[YELLOW]!.vp;
    s = play(s, YELLOW, { type: 'launch', project: 'I-02', crew: ['orange', 'turquoise'] }).state;
    // With nothing left to launch, Yellow is done and the game ends.
    expect(s.phase).toBe('over');
    const yellow = s.final!.find((f) => f.seat === YELLOW)!;
    expect(yellow.realsVp).toBe(6); // 18 Reals → 6 VP
    expect(yellow.shipsVp).toBe(6); // 2 launched ships, 2 captains → 6 VP
    expect(yellow.total).toBe(vp + 12);
    expect(game.outcome(s)!.winners).toEqual([YELLOW]);
  });

  it('counts only launched ships that can have a captain aboard', () => {
    const s = lastRound((s) => {
      s.seats[RED]!.ships = ['I-01', 'I-02', 'I-03'];
      s.seats[RED]!.captains = 1;
    });
    const { state } = play(s, YELLOW, { type: 'giveUp' });
    expect(state.final!.find((f) => f.seat === RED)!.shipsVp).toBe(3);
  });

  it('breaks ties by ships in the Navigation Area, then by sailors', () => {
    const s = auto(lastRound(() => {})).state;
    const tie = (arrange: (x: VdgState) => void) => {
      const x = structuredClone(s);
      for (const p of x.seats) {
        p.vp = 10;
        p.reals = 0;
        p.ships = [];
        p.sailors = { orange: 0, turquoise: 0, violet: 0, grey: 0 };
      }
      arrange(x);
      return finalScores(x).map((f) => f.rank);
    };
    expect(tie(() => {})).toEqual([1, 1]);
    expect(tie((x) => void (x.landings.natal = [{ tile: 'I-01', owner: RED }]))).toEqual([2, 1]);
    expect(tie((x) => void (x.seats[YELLOW]!.sailors.grey = 2))).toEqual([1, 2]);
    expect(
      tie((x) => {
        x.landings.natal = [{ tile: 'I-01', owner: RED }];
        x.seats[YELLOW]!.sailors.grey = 2;
      }),
    ).toEqual([2, 1]);
  });
});
