/**
 * "Players keep their money secret during the game" — and their expedition cards. Two tables that
 * differ only in one seat's ducats and hand must look the same to everybody else, also across a command
 * that can be taken back (else a bid and its undo would probe the money). The only difference the rules
 * allow: a seat that cannot outbid passes, for all to see — so the command that caused it is final.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { execute } from '../../domain/engine/projector';
import { CARDS } from '../../domain/games/goa/data';
import type { GoaCommand } from '../../domain/games/goa/commands';
import type { GoaEvent } from '../../domain/games/goa/events';
import type { GoaState } from '../../domain/games/goa/types';
import { Rng } from '../../domain/engine/rng';
import { A, card, eventsOf, game, hand, inActions, openTileAuction, play } from './fixtures';

const NAMES = ['Ana', 'Bruno', 'Carla', 'Duarte'];
const CARD_IDS = Object.keys(CARDS);

/** The same table with other ducats and other cards (of the same count) for `hidden`. */
function withOtherSecrets(s: GoaState, hidden: number, rng: Rng): GoaState {
  const other = structuredClone(s);
  const p = other.seats[hidden]!;
  p.ducats = rng.int(31);
  const elsewhere = new Set([...p.hand, ...other.deck]);
  const free = CARD_IDS.filter((id) => !elsewhere.has(id));
  p.hand = p.hand.map((id) => (free.length ? free.splice(rng.int(free.length), 1)[0]! : id));
  return other;
}

/** Commands a seat may try whatever the table: what it is told when they are refused tells it nothing hidden either. */
const PROBES: GoaCommand[] = [
  { type: 'bid', amount: 1 },
  { type: 'bid', amount: 40 },
  { type: 'pass' },
  { type: 'taxes' },
  { type: 'endTurn' },
  { type: 'playCard', card: card('ships', 1) },
  { type: 'discardCard', card: card('ducats', 2) },
  { type: 'recruitColonists' },
];

/** Everything a seat receives about a command: its view after it, the log lines, whether it can be taken back, what it may do, what it is told when refused. */
function frame(s: GoaState, events: readonly GoaEvent[], viewer: number) {
  return {
    view: game.view(s, viewer),
    log: events.map((e) => game.describe(e, NAMES)),
    canUndo: game.canUndo!(events),
    active: game.activeSeats(s),
    legal: game.legal(s, viewer),
    refusals: PROBES.map((c) => {
      const d = game.decide(s, c, viewer);
      return d.ok ? 'accepted' : `${d.rejection.code}: ${d.rejection.message}`;
    }),
  };
}

interface Checked {
  commands: number;
  undoable: number;
  differed: number;
}

function checkState(s: GoaState, rng: Rng, seen: Checked): void {
  const hidden = rng.int(s.players);
  const other = withOtherSecrets(s, hidden, rng);
  for (const actor of game.activeSeats(s)) {
    const both = game.legal(s, actor).filter((c) => game.legal(other, actor).some((d) => JSON.stringify(d) === JSON.stringify(c)));
    for (let k = 0; k < Math.min(4, both.length); k++) {
      const command = both[rng.int(both.length)]!;
      const a = execute<GoaState, GoaEvent>(game, s, command, actor);
      const b = execute<GoaState, GoaEvent>(game, other, command, actor);
      expect(a.ok && b.ok).toBe(true);
      if (!a.ok || !b.ok) return;
      seen.commands++;
      const undoable = game.canUndo!(a.events) || game.canUndo!(b.events);
      if (undoable) seen.undoable++;
      for (let viewer = 0; viewer < s.players; viewer++) {
        if (viewer === hidden) continue;
        const fa = frame(a.state, a.events, viewer);
        const fb = frame(b.state, b.events, viewer);
        if (JSON.stringify(fa) === JSON.stringify(fb)) continue;
        seen.differed++;
        // What differs may only be a forced pass (or the end of the game, which shows everything),
        // in a command that cannot be taken back.
        const forced = (events: readonly GoaEvent[]) =>
          events.filter((e) => e.type === 'Passed').length > (command.type === 'pass' ? 1 : 0);
        const reason = (events: readonly GoaEvent[]) =>
          events.some((e) => e.type === 'GameEnded') ? 'end' : forced(events) ? 'forced pass' : 'none';
        expect({ command, actor, hidden, undoable, reason: [reason(a.events), reason(b.events)] }).toMatchObject({ undoable: false });
        expect([reason(a.events), reason(b.events)]).not.toEqual(['none', 'none']);
      }
    }
  }
}

describe('Goa: money and cards stay secret', () => {
  it("two tables differing only in one seat's ducats and hand give every other seat the same frames (and refusals) across any command that can be taken back", () => {
    const seen: Checked = { commands: 0, undoable: 0, differed: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 4 }), (seed, players) => {
        const rng = new Rng(seed ^ 0x2f6b);
        let step = 0;
        playGame<GoaState, GoaEvent>(game, {
          players,
          seed,
          bots: Array(players).fill(randomBot),
          maxCommands: 3000,
          onCommand: ({ state }) => {
            if ((state as GoaState).status === 'playing' && step++ % 3 === 0) checkState(state as GoaState, rng, seen);
          },
        });
      }),
      { numRuns: 6 },
    );
    console.log(
      `Goa secrets: ${seen.commands} commands compared, ${seen.undoable} of them undoable, ${seen.differed} frames differed (forced passes and game ends)`,
    );
    expect(seen.undoable).toBeGreaterThan(100);
    expect(seen.differed).toBeGreaterThan(0);
  }, 120_000);

  it('bids and passes are final: one that makes the next seat pass for want of ducats could otherwise probe them', () => {
    const s = inActions(3, (s) => openTileAuction(s, 1, A.ships));
    s.seats[0]!.ducats = 2;
    // Seat 2 bids 2: seat 0, with 2 ducats, cannot outbid and passes inside seat 2's command.
    const r = play(s, 2, { type: 'bid', amount: 2 });
    expect(eventsOf(r.events, 'Passed')).toEqual([{ type: 'Passed', seat: 0 }]);
    expect(game.canUndo!(r.events)).toBe(false);
    // A bid that makes nobody pass is final too: the next seat being asked tells its ducats are higher.
    const asked = play(s, 2, { type: 'bid', amount: 1 });
    expect(game.activeSeats(asked.state)).toEqual([0]);
    expect(game.canUndo!(asked.events)).toBe(false);
    expect(game.canUndo!(play(asked.state, 0, { type: 'pass' }).events)).toBe(false);
  });

  it('a turn with cards in hand waits for its player to end it, whether or not a card is playable', () => {
    const afterTaxes = (cards: string[]) => {
      const s = inActions(2, (s) => hand(s, 0, cards));
      return play(s, 0, { type: 'taxes' }).state;
    };
    // A free card (2 ships) and an action card (playable only with its action): both wait.
    for (const cards of [[card('ships', 1)], [card('progressShips', 1)]]) {
      const s = afterTaxes(cards);
      expect(s).toMatchObject({ turn: 0, acted: true });
      expect(game.view(s, 1)).toEqual(
        game.view(afterTaxes([cards[0] === card('ships', 1) ? card('progressShips', 1) : card('ships', 1)]), 1),
      );
      expect(play(s, 0, { type: 'endTurn' }).state.turn).toBe(1);
    }
    // An empty hand, or a card already played this turn: nothing hidden is left to decide, the turn ends by itself.
    expect(afterTaxes([]).turn).toBe(1);
    const played = play(
      inActions(2, (s) => hand(s, 0, [card('ships', 1), card('ducats', 1)])),
      0,
      { type: 'playCard', card: card('ships', 1) },
    ).state;
    expect(play(played, 0, { type: 'taxes' }).state.turn).toBe(1);
  });
});
