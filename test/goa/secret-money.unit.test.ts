/**
 * "Players keep their money secret during the game" — and their expedition cards. Two tables that
 * differ only in one seat's ducats and hand must look the same to everybody else, across any command:
 * the same events, views and points shown, the same seats to act with the same options, the same refusals. Nothing
 * automatic may read a secret — not even a seat that cannot outbid, which is asked all the same (with
 * only "pass" open to it) instead of passing for all to see.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { execute } from '../../domain/engine/projector';
import type { GoaCommand } from '../../domain/games/goa/commands';
import type { GoaEvent } from '../../domain/games/goa/events';
import type { GoaState } from '../../domain/games/goa/types';
import { Rng } from '../../domain/engine/rng';
import { A, card, game, hand, inActions, openTileAuction, play, withOtherSecrets } from './fixtures';

const NAMES = ['Ana', 'Bruno', 'Carla', 'Duarte'];

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
    events: events.map((e) => e.type),
    view: game.view(s, viewer),
    points: game.standings!(s),
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
  /** Bids and passes compared, and those made with the seat after the bidder unable to outbid in one table. */
  auction: number;
  cannotOutbid: number;
  /** Frames that differed where the rules show everything (the end) or the discards (shuffled into a new deck). */
  shown: number;
}

/** The discards, which the two tables hold differently, come into play: shuffled into a new deck and drawn. */
const reshuffles = (events: readonly GoaEvent[]) => events.some((e) => e.type === 'CardsDrawn' && e.reshuffled !== null);

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
      if (command.type === 'bid' || (command.type === 'pass' && s.stage === 'auctions' && s.pending.length === 0)) {
        seen.auction++;
        const next = (t: GoaState) => t.auction?.toBid[1];
        const short = (t: GoaState) =>
          next(t) === hidden && t.seats[hidden]!.ducats <= (command.type === 'bid' ? command.amount : t.auction!.high);
        if (short(s) !== short(other)) seen.cannotOutbid++;
      }
      for (let viewer = 0; viewer < s.players; viewer++) {
        if (viewer === hidden) continue;
        const fa = frame(a.state, a.events, viewer);
        const fb = frame(b.state, b.events, viewer);
        if (JSON.stringify(fa) === JSON.stringify(fb)) continue;
        const shown = (events: readonly GoaEvent[]) => events.some((e) => e.type === 'GameEnded') || reshuffles(events);
        // Only the end of the game, which shows everything, or a new deck made of the discards may tell the tables apart.
        expect({ command, actor, hidden, viewer, a: fa, b: fb, shown: shown(a.events) || shown(b.events) }).toMatchObject({ shown: true });
        seen.shown++;
      }
    }
  }
}

describe('Goa: money and cards stay secret', () => {
  it("two tables differing only in one seat's ducats and hand give every other seat the same frames (and refusals) across any command, bids included", () => {
    const seen: Checked = { commands: 0, auction: 0, cannotOutbid: 0, shown: 0 };
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
            if ((state as GoaState).status === 'playing' && step++ % 4 === 0) checkState(state as GoaState, rng, seen);
          },
        });
      }),
      { numRuns: 6 },
    );
    console.log(
      `Goa secrets: ${seen.commands} commands compared, ${seen.auction} of them bids and passes (${seen.cannotOutbid} where the next seat could outbid in one table only), ` +
        `${seen.shown} frames differed at the end or after the discards were shuffled into a new deck`,
    );
    expect(seen.auction).toBeGreaterThan(50);
    expect(seen.cannotOutbid).toBeGreaterThan(0);
  }, 120_000);

  it('a bid the next seat cannot top looks the same to the table as one it can: that seat is asked, with only "pass" open to it', () => {
    const tables = [2, 20].map((ducats) =>
      inActions(3, (s) => {
        openTileAuction(s, 1, A.ships);
        s.seats[0]!.ducats = ducats;
      }),
    );
    // Seat 1 auctions: seat 2 bids 2, then seat 0 (2 or 20 ducats) is to answer.
    const [poor, rich] = tables.map((s) => play(s, 2, { type: 'bid', amount: 2 }));
    expect(poor!.events).toEqual([{ type: 'Bid', seat: 2, amount: 2 }]);
    expect(rich!.events).toEqual(poor!.events);
    for (const viewer of [1, 2]) expect(game.view(poor!.state, viewer)).toEqual(game.view(rich!.state, viewer));
    expect(game.activeSeats(poor!.state)).toEqual([0]);
    expect(game.legal(poor!.state, 0).filter((c) => c.type !== 'discardCard')).toEqual([{ type: 'pass' }]);
    expect(game.legal(rich!.state, 0).filter((c) => c.type === 'bid')).toHaveLength(20 - 2);
    // Its pass, made by itself, is the same event as a seat that could bid and chose not to; then the auctioneer is asked.
    const passed = play(poor!.state, 0, { type: 'pass' });
    expect(passed.events).toEqual(play(rich!.state, 0, { type: 'pass' }).events);
    expect(game.activeSeats(passed.state)).toEqual([1]);
  });

  it('a game stored while a seat that could not outbid was passed inside the bid still loads and plays on', () => {
    const s = inActions(3, (s) => {
      openTileAuction(s, 1, A.ships);
      s.seats[0]!.ducats = 2;
    });
    const stored: GoaEvent[] = [
      { type: 'Bid', seat: 2, amount: 2 },
      { type: 'Passed', seat: 0 },
    ];
    const loaded = stored.reduce((t, e) => game.evolve(t, e), s);
    expect(game.activeSeats(loaded)).toEqual([1]);
    const r = play(loaded, 1, { type: 'pass' });
    expect(r.events.find((e) => e.type === 'AuctionWon')).toMatchObject({ seat: 2, auctioneer: 1, amount: 2 });
  });

  it('bids and passes are final, as at the table', () => {
    const s = inActions(3, (s) => openTileAuction(s, 1, A.ships));
    const bid = play(s, 2, { type: 'bid', amount: 1 });
    expect(game.activeSeats(bid.state)).toEqual([0]);
    expect(game.canUndo!(bid.events)).toBe(false);
    expect(game.canUndo!(play(bid.state, 0, { type: 'pass' }).events)).toBe(false);
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
