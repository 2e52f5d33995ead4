/** Rules the worked examples do not reach: bonus edge cases, ending expeditions, views, rejections. */
import { describe, expect, it } from 'vitest';
import { execute } from '../../domain/engine/projector';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { sailorCount } from '../../domain/games/vasco-da-gama/rules';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { spec } from '../support/decider-spec';
import { BLACK, BLUE, RED, YELLOW, game, phase2, play, round1, legalOf } from './fixtures';

const vdgSpec = spec<VdgState, VdgEvent>(game);

describe('expeditions and landing bonuses', () => {
  it('may end after any ship; unsent ships stay in supply', () => {
    let { state: s } = phase2(4, [[BLUE, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[BLUE]!.ships = ['III-05', 'III-08']; // 11-limit ships
        s.seats[BLUE]!.captains = 2;
      },
    });
    s = play(s, BLUE, { type: 'expedition', landing: 'calicut' }).state;
    // The expedition cannot end before a ship is sent.
    expect(legalOf(s, BLUE, 'endExpedition')).toEqual([]);
    s = play(s, BLUE, { type: 'sendShip', ship: 'III-05', slot: 1 }).state;
    expect(legalOf(s, BLUE, 'endExpedition')).toEqual([{ type: 'endExpedition' }]);
    const r = play(s, BLUE, { type: 'endExpedition' });
    expect(r.events[0]).toEqual({ type: 'ExpeditionEnded', seat: BLUE, landing: 'calicut', ships: 1 });
    expect(r.state.seats[BLUE]!.ships).toEqual(['III-08']);
    expect(r.state.seats[BLUE]!.captains).toBe(1);
  });

  it("gives a Terra de Boa Gente sailor from a section of the player's choice", () => {
    let { state: s } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => void (s.seats[RED]!.ships = ['I-03']), // 2/5/–
    });
    s = play(s, RED, { type: 'expedition', landing: 'terraDeBoaGente' }).state;
    s = play(s, RED, { type: 'sendShip', ship: 'I-03', slot: 0 }).state;
    const options = legalOf(s, RED, 'takeSailor');
    const pick = options[0]!;
    const before = s.sections[pick.section]![pick.colour];
    expect(legalOf(s, RED, 'drawSailor')).toHaveLength(1);
    s = play(s, RED, pick).state;
    expect(s.sections[pick.section]![pick.colour]).toBe(before - 1);
    expect(s.seats[RED]!.sailors[pick.colour]).toBe(1);
  });

  it("gives no Mozambique captain when none of the player's captains is left in the Recruiting Area", () => {
    const { state } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[RED]!.ships = ['I-03'];
        s.seats[RED]!.captainsInRecruiting = 0;
        s.seats[RED]!.captains = 7;
      },
    });
    let s = play(state, RED, { type: 'expedition', landing: 'mozambique' }).state;
    const r = play(s, RED, { type: 'sendShip', ship: 'I-03', slot: 1 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'ShipSent', vp: 5, captain: false }));
    s = r.state;
    expect(s.seats[RED]!.captains).toBe(6);
  });

  it('gives no Natal project when the upper spaces are empty', () => {
    const { state } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[RED]!.ships = ['I-01'];
        s.row = s.row.map(() => null);
      },
    });
    const s = play(state, RED, { type: 'expedition', landing: 'natal' }).state;
    const r = play(s, RED, { type: 'sendShip', ship: 'I-01', slot: 0 });
    expect(r.events.some((e) => e.type === 'ProjectTaken')).toBe(false);
    expect(r.state.seats[RED]!.projects).toEqual([]);
    expect(r.state.pending.some((p) => p.kind === 'projectBonus')).toBe(false);
  });

  // Rulebook, Expedition: "First, the Player performing the action places a Captain of his own color
  // … on the Ship Tile of each launched Ship that he wants to send. Then, he chooses a Landing and
  // places all Ships". Everything gained on arrival comes after every ship of the expedition is placed.
  it('gives the Mozambique captain after the expedition: it cannot board a second ship of the same expedition', () => {
    const { state } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[RED]!.ships = ['I-03', 'I-07'];
        s.seats[RED]!.captains = 1;
      },
    });
    const s = play(state, RED, { type: 'expedition', landing: 'mozambique' }).state;
    const r = play(s, RED, legalOf(s, RED, 'sendShip').find((c) => c.ship === 'I-03')!);
    expect(r.events).toContainEqual({ type: 'ExpeditionEnded', seat: RED, landing: 'mozambique', ships: 1, captains: 1 });
    expect(r.state.pending.some((p) => p.kind === 'expedition')).toBe(false);
    expect(r.state.seats[RED]!.ships).toEqual(['I-07']);
    expect(r.state.seats[RED]!.captains).toBe(1); // the bonus captain, for a later expedition
    expect(r.state.landings.mozambique.filter((x) => x !== null).map((x) => x!.tile)).toEqual(['I-03']);
  });

  it('gives the Terra de Boa Gente sailor after the expedition: a ship it lets the player launch sails later', () => {
    // Red has one launched 5-limit ship, and a 2-crew project he can crew only with one more sailor.
    let { state: s } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[RED]!.ships = ['I-03'];
        s.seats[RED]!.projects = ['I-04']; // 2/5/1R
        s.seats[RED]!.sailors.grey = 1;
        s.bag.grey--;
        s.seats[RED]!.captains = 2;
        s.sections[0] = { orange: 1, turquoise: 0, violet: 0, grey: 0 };
      },
    });
    s = play(s, RED, { type: 'expedition', landing: 'terraDeBoaGente' }).state;
    const r = play(s, RED, { type: 'sendShip', ship: 'I-03', slot: 0 });
    // With no other ship launched when it set out, the expedition ends; the sailor is chosen now.
    expect(r.events).toContainEqual({ type: 'ExpeditionEnded', seat: RED, landing: 'terraDeBoaGente', ships: 1, choices: 1 });
    s = r.state;
    expect(s.pending.some((p) => p.kind === 'expedition')).toBe(false);
    s = play(s, RED, { type: 'takeSailor', section: 0, colour: 'orange' }).state;
    s = play(s, RED, { type: 'launch', project: 'I-04', crew: ['orange', 'grey'] }).state;
    expect(s.seats[RED]!.ships).toEqual(['I-04']);
    expect(s.landings.terraDeBoaGente.map((x) => x?.tile ?? null)).toEqual(['I-03', null]);
    expect(s.call).toBeNull(); // the navigation action is over
  });

  it('sends only ships launched before the expedition set out', () => {
    let { state: s } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[RED]!.ships = ['I-03'];
        s.seats[RED]!.projects = ['I-04']; // 2/5/1R
        s.seats[RED]!.sailors.grey = 1;
        s.seats[RED]!.sailors.orange = 1;
        s.bag.grey--;
        s.bag.orange--;
        s.seats[RED]!.captains = 2;
      },
    });
    s = play(s, RED, { type: 'expedition', landing: 'mombasa' }).state;
    // Launching stays allowed at any time, but the new ship waits for a later expedition.
    s = play(s, RED, { type: 'launch', project: 'I-04', crew: ['grey', 'orange'] }).state;
    expect(legalOf(s, RED, 'sendShip').map((c) => c.ship)).not.toContain('I-04');
    const refused = execute(game, s, { type: 'sendShip', ship: 'I-04', slot: 0 }, RED);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.rejection.message).toBe(
        'Your crew-2 ship (limit 5) was launched after this expedition set out; it can sail in a later one (allowed now: sendShip).',
      );
    const r = play(s, RED, legalOf(s, RED, 'sendShip').find((c) => c.ship === 'I-03')!);
    expect(r.events).toContainEqual({ type: 'ExpeditionEnded', seat: RED, landing: 'mombasa', ships: 1, reals: 2 });
    expect(r.state.seats[RED]!.ships).toEqual(['I-04']);
  });

  it('gives one choice per ship when two ships reach Terra de Boa Gente', () => {
    let { state: s } = phase2(4, [[RED, 12, 'navigation']], {
      arrange: (s) => {
        s.seats[RED]!.ships = ['I-03', 'I-07'];
        s.seats[RED]!.captains = 2;
      },
    });
    s = play(s, RED, { type: 'expedition', landing: 'terraDeBoaGente' }).state;
    s = play(s, RED, { type: 'sendShip', ship: 'I-03', slot: 0 }).state;
    expect(s.pending.at(-1)).toMatchObject({ kind: 'expedition' }); // no bonus yet
    const r = play(s, RED, { type: 'sendShip', ship: 'I-07', slot: 1 });
    expect(r.events).toContainEqual({ type: 'ExpeditionEnded', seat: RED, landing: 'terraDeBoaGente', ships: 2, choices: 2 });
    s = r.state;
    expect(s.pending).toEqual([{ kind: 'sailorBonus', seat: RED, count: 2 }]);
    s = play(s, RED, { type: 'drawSailor' }).state;
    expect(s.pending).toEqual([{ kind: 'sailorBonus', seat: RED, count: 1 }]);
    s = play(s, RED, { type: 'drawSailor' }).state;
    expect(s.pending.some((p) => p.kind === 'sailorBonus')).toBe(false);
    expect(Object.values(s.seats[RED]!.sailors).reduce((a, b) => a + b, 0)).toBe(2);
  });
});

describe('views', () => {
  it('show the same public table to every seat and to spectators, with reconstructed numbers listed', () => {
    const s = round1(3);
    const spectator = game.view(s, null);
    expect(game.view(s, 0)).toEqual(spectator);
    expect(spectator.about.length).toBeGreaterThan(5);
    expect(spectator.about.join(' ')).toMatch(/Landing|slot/i);
    expect(spectator.projects.decks).toEqual([5, 12, 11]);
    expect(spectator.vdgTiles.faceDown).toBe(8);
    expect(spectator.merchant.faceDown).toBe(4);
    expect(spectator.numbers.free).toBeNull(); // the variation is face down during Phase 1
    expect(spectator.numbers.refunds.slice(0, 22)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 0, 0]);
    expect(spectator.landings.map((l) => l.slots.length)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(spectator.waitingFor).toBe('place an action disc');
  });

  it('show the price of the called number', () => {
    const { state } = phase2(2, [[RED, 5, 'characters']]);
    expect(game.view(state, RED).call).toEqual({ number: 5, seat: RED, area: 'characters', started: false, cost: 3 });
  });
});

describe('rejections', () => {
  it('tell a player whose turn it is and what the game waits for', () => {
    const s = round1(4);
    const r = execute(game, s, { type: 'place', number: 3, area: 'navigation' }, BLACK);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.rejection).toEqual({ code: 'NOT_YOUR_TURN', message: 'It is not your turn: waiting for Yellow to place an action disc.' });
  });

  it('name the pending choice the game waits for, in the view and to a seat that is not to act', () => {
    const { state } = phase2(2, [[YELLOW, 9, 'recruiting']]);
    const section = state.sections.findIndex((sailors) => sailorCount(sailors) > 0);
    const { state: s } = play(state, YELLOW, { type: 'recruitFrom', section });
    const waiting = `choose the sailors to recruit from section ${section + 1}`;
    expect(game.view(s, RED).waitingFor).toBe(waiting);
    vdgSpec
      .given([], s)
      .when(RED, { type: 'giveUp' })
      .thenRejects('NOT_YOUR_TURN', new RegExp(`^It is not your turn: waiting for Yellow to ${waiting}\\.$`));
    // The seat to act is told what it must do, with the kinds of command it may send.
    vdgSpec
      .given([], s)
      .when(YELLOW, { type: 'giveUp' })
      .thenRejects('ILLEGAL', new RegExp(`^Now you must ${waiting} \\(allowed now: recruit\\)\\.$`));
  });

  it('refuse malformed commands as BAD_REQUEST and unknown seats', () => {
    const s = round1(2);
    for (const bad of [{}, { type: 'fly' }, { type: 'place', number: '3', area: 'navigation' }, null, 'place']) {
      const r = execute(game, s, bad, YELLOW);
      expect(r.ok ? 'accepted' : r.rejection.code).toBe('BAD_REQUEST');
    }
    const r = game.decide(s, { type: 'place', number: 3, area: 'navigation' }, 5);
    expect(r.ok ? 'accepted' : r.rejection.code).toBe('BAD_REQUEST');
  });

  it('refuse a launch without the right crew, with the reason', () => {
    const { state } = phase2(4, [[RED, 12, 'characters']], {
      arrange: (s) => {
        s.seats[BLUE]!.projects = ['I-01'];
        s.seats[BLUE]!.sailors.grey = 1;
      },
    });
    // Blue is not to act and has nothing to launch, yet launching is never a matter of turns: the reason is given.
    const r = execute(game, state, { type: 'launch', project: 'I-01', crew: ['grey', 'violet'] }, BLUE);
    expect(r.ok ? '' : r.rejection.code).toBe('ILLEGAL');
    expect(r.ok ? '' : r.rejection.message).toBe('You have no violet sailor for that crew.');
    const r2 = execute(game, state, { type: 'launch', project: 'I-01', crew: ['grey'] }, BLUE);
    expect(r2.ok ? '' : r2.rejection.message).toBe('The crew-2 ship (limit 4, earns 1 Real) needs a crew of exactly 2.');
    const r3 = execute(game, state, { type: 'launch', project: 'I-02', crew: ['grey', 'violet'] }, BLUE);
    expect(r3.ok ? '' : r3.rejection.message).toBe('You have no unlaunched crew-2 ship (limit 4).');
  });

  it('refuse a command after the game is over', () => {
    const s = { ...round1(2), phase: 'over' as const };
    const r = game.decide(s, { type: 'finish' }, YELLOW);
    expect(r.ok ? '' : r.rejection.code).toBe('GAME_OVER');
  });
});
