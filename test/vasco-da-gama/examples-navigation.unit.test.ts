/**
 * The rulebook's Phase 3 example, landing by landing: Calicut 11/6/7/7 and discarded, Malindi
 * waits, Mombasa moves up (Red's 7-limit ship discarded), Mozambique moves up (Blue's 4-limit
 * ship discarded), Terra de Boa Gente waits.
 */
import { describe, expect, it } from 'vitest';
import type { LandingId } from '../../domain/games/vasco-da-gama/data';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import type { ShipAtLanding } from '../../domain/games/vasco-da-gama/types';
import { BLACK, BLUE, RED, YELLOW, phase2, projectLike } from './fixtures';

const used: string[] = [];
const tile = (spec: Parameters<typeof projectLike>[0]) => projectLike(spec, used);
const ship = (owner: number | null, t: string): ShipAtLanding => ({ tile: t, owner });

// Tiles chosen from the data module to match the picture: limits, and the rewards the text names.
const calicut = [
  ship(BLUE, tile({ crew: 5, limit: 11, vp: 2 })),
  ship(RED, tile({ crew: 5, limit: 11, reals: 1 })),
  ship(RED, tile({ crew: 5, limit: 9, vp: 1 })),
  ship(BLACK, tile({ crew: 4, limit: 9, vp: 1 })),
  ship(YELLOW, tile({ crew: 5, limit: 7, vp: 2 })),
  ship(null, 'merchant-11'),
];
const malindi = [ship(BLUE, tile({ crew: 4, limit: 9 })), ship(RED, tile({ crew: 5, limit: 9, vp: 1, reals: 1 })), null, null, null];
const yellow11 = tile({ crew: 4, limit: 11 });
const yellow9 = tile({ crew: 4, limit: 9, reals: 1 });
const red7 = tile({ crew: 4, limit: 7, reals: 2 });
const mombasa = [ship(YELLOW, yellow11), ship(YELLOW, yellow9), ship(null, 'merchant-7'), ship(RED, red7)];
const blue6 = tile({ crew: 3, limit: 6, reals: 2 });
const black6 = tile({ crew: 3, limit: 6 });
const blue4 = tile({ crew: 2, limit: 4, reals: 1 });
const mozambique = [ship(BLUE, blue6), ship(BLACK, black6), ship(BLUE, blue4)];
const redTdbg = tile({ crew: 2, limit: 4, reals: 1 });
const terraDeBoaGente = [null, ship(RED, redTdbg)];

function phase3(): VdgEvent[] {
  const { events } = phase2(4, [], {
    setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED } },
    arrange: (s) => {
      Object.assign(s.landings, { calicut, malindi, mombasa, mozambique, terraDeBoaGente, natal: [null] });
      s.merchant.faceUp = null; // this round's merchant ship already sailed (it is the one at Mombasa)
      s.merchant.done = true;
      for (const p of s.seats) p.captains = 0;
    },
  });
  const from = events.findIndex((e) => e.type === 'NavigationStarted');
  const to = events.findIndex((e) => e.type === 'ProjectsReplaced');
  return events.slice(from, to);
}

/** VP and Reals each seat earned at each landing. */
function earnings(events: VdgEvent[]) {
  const out: Partial<Record<LandingId, Record<number, { vp: number; reals: number }>>> = {};
  const add = (landing: LandingId, seat: number, vp: number, reals: number) => {
    const bySeat = (out[landing] ??= {});
    const e = (bySeat[seat] ??= { vp: 0, reals: 0 });
    e.vp += vp;
    e.reals += reals;
  };
  for (const e of events) {
    if (e.type === 'ShipRewarded') add(e.landing, e.seat, e.vp, e.reals);
    if (e.type === 'LandingScored') for (const o of e.owners) add(e.landing, o, e.vpPerShip, 0);
  }
  return out;
}

describe('Phase 3 example', () => {
  const events = phase3();

  it('scores each landing as the rulebook does', () => {
    const earned = earnings(events);
    // Calicut is complete: Red 11 VP and 1 Real, Black 6, Yellow 7, Blue 7.
    expect(earned.calicut).toEqual({
      [RED]: { vp: 11, reals: 1 },
      [BLACK]: { vp: 6, reals: 0 },
      [YELLOW]: { vp: 7, reals: 0 },
      [BLUE]: { vp: 7, reals: 0 },
    });
    // Malindi is not complete: Red earns only the 1 VP and 1 Real on his ship (Blue's shows nothing).
    expect(earned.malindi).toEqual({ [RED]: { vp: 1, reals: 1 } });
    // Mombasa is complete: Red 3 VP and 2 Reals; Yellow 3 VP per ship plus the Real on his 9-limit ship.
    expect(earned.mombasa).toEqual({ [RED]: { vp: 3, reals: 2 }, [YELLOW]: { vp: 6, reals: 1 } });
    // Mozambique is complete: Blue 4 VP and 3 Reals, Black 2 VP.
    expect(earned.mozambique).toEqual({ [BLUE]: { vp: 4, reals: 3 }, [BLACK]: { vp: 2, reals: 0 } });
    // Terra de Boa Gente is not complete: Red earns the 1 Real on his ship.
    expect(earned.terraDeBoaGente).toEqual({ [RED]: { vp: 0, reals: 1 } });
    // All points are given before any ship moves.
    const firstMove = events.findIndex((e) => e.type === 'ShipNavigated' || e.type === 'ShipDiscarded');
    expect(events.slice(firstMove).some((e) => e.type === 'ShipRewarded' || e.type === 'LandingScored')).toBe(false);
  });

  it('moves ships from Calicut downward, left to right, to the leftmost fitting slot', () => {
    const moves = events.flatMap((e) =>
      e.type === 'ShipNavigated'
        ? [`${e.tile} ${e.from}→${e.to}:${e.toSlot}`]
        : e.type === 'ShipDiscarded'
          ? [`${e.tile} ${e.from}→out`]
          : [],
    );
    expect(moves).toEqual([
      // There is no landing beyond Calicut: all six ships leave the game.
      ...calicut.map((s) => `${s!.tile} calicut→out`),
      // Mombasa: Yellow's 11-limit ship to the leftmost 7 of Malindi, his 9-limit ship to the next 7,
      // the merchant ship to the 6; Red's 7-limit ship finds no slot and is discarded.
      `${yellow11} mombasa→malindi:2`,
      `${yellow9} mombasa→malindi:3`,
      'merchant-7 mombasa→malindi:4',
      `${red7} mombasa→out`,
      // Mozambique: Blue's 6-limit ship to Mombasa's 6, Black's to the 5; Blue's 4-limit ship is discarded.
      `${blue6} mozambique→mombasa:2`,
      `${black6} mozambique→mombasa:3`,
      `${blue4} mozambique→out`,
    ]);
  });

  it('returns the captains of discarded ships to their owners', () => {
    const captains: Record<number, number> = {};
    for (const e of events) if (e.type === 'ShipDiscarded' && e.owner !== null) captains[e.owner] = (captains[e.owner] ?? 0) + 1;
    expect(captains).toEqual({ [BLUE]: 2, [RED]: 3, [BLACK]: 1, [YELLOW]: 1 });
  });

  it('leaves Malindi complete for next round, Mombasa with two ships, Terra de Boa Gente waiting', () => {
    const { state } = phase2(4, [], {
      setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED } },
      arrange: (s) => {
        Object.assign(s.landings, { calicut, malindi, mombasa, mozambique, terraDeBoaGente, natal: [null] });
        s.merchant.faceUp = null;
        s.merchant.done = true;
      },
    });
    expect(state.landings.malindi.map((x) => x?.owner ?? null)).toEqual([BLUE, RED, YELLOW, YELLOW, null]);
    expect(state.landings.malindi.every((x) => x !== null)).toBe(true);
    expect(state.landings.mombasa.map((x) => x?.owner ?? null)).toEqual([null, null, BLUE, BLACK]);
    expect(state.landings.calicut.every((x) => x === null)).toBe(true);
    expect(state.landings.terraDeBoaGente).toEqual(terraDeBoaGente);
  });
});
