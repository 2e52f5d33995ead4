/** Preparation: the A tiles on the grid, the B tiles and the deck shuffled, the starting player by the tiger card. */
import type { Seat } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import { CARDS, DATA } from './data';
import type { GoaEvent } from './events';

export const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;

export const toGrid = (ids: readonly string[], size = DATA.gridSize.value): string[][] =>
  Array.from({ length: size }, (_, r) => ids.slice(r * size, r * size + size));

export function setupEvents(players: number, seed: number, variant = false): GoaEvent[] {
  const rng = Rng.fromSeed(seed);
  const cells = DATA.gridSize.value ** 2;
  // The unused A tiles go back to the box unseen; the B tiles wait for part B.
  const tilesA = rng.shuffle(DATA.tilesA.value.map((t) => t.id)).slice(0, cells);
  const tileDeck = rng.shuffle(DATA.tilesB.value.map((t) => t.id));
  const deck = rng.shuffle(DATA.expeditionCards.value.map((c) => c.id));
  // Players turn expedition cards in seat order until one shows a tiger: that player starts.
  const discard: string[] = [];
  let flag: Seat = 0;
  for (let i = 0; ; i++) {
    const card = deck.shift()!;
    discard.push(card);
    if (CARDS[card]!.symbol === 'tiger') {
      flag = i % players;
      break;
    }
  }
  const setUp: GoaEvent = {
    type: 'GameSetUp',
    players,
    colours: COLOURS.slice(0, players),
    flag,
    grid: toGrid(tilesA),
    tileDeck,
    deck,
    discard,
    rng: rng.state,
  };
  if (!variant) return [setUp];
  // The rule variant: each player chooses, the starting player first (the last step pushed is answered first).
  const choices = Array.from(
    { length: players },
    (_, i): GoaEvent => ({ type: 'PendingStarted', pending: { kind: 'variant', seat: (flag + i) % players } }),
  );
  return [setUp, ...choices.reverse()];
}
