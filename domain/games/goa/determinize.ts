/**
 * A world a seat cannot tell apart from the real one, for bots that look ahead: everything
 * view.ts hides from the seat is drawn again from the bot's generator, and no hidden value is
 * copied. Re-drawn: the other seats' hands (same sizes), the deck and the discards (same sizes,
 * from the cards the seat does not hold and cannot see on the table), the other seats' ducats,
 * the values of their Mission tiles, the B tiles still to come, and the game's generator.
 */
import type { Seat } from '../../engine/contract';
import { deepCopy } from '../../engine/copy';
import type { Rng } from '../../engine/rng';
import { CARDS, DATA } from './data';
import type { GoaState } from './types';

const ALL_CARDS = Object.keys(CARDS).sort();
const MISSIONS = DATA.tilesB.value.filter((t) => t.kind === 'mission').map((t) => t.id);
const B_TILES = DATA.tilesB.value.map((t) => t.id);

/**
 * Ducats another seat may hold, drawn from what the seat sees (its money is secret): around the
 * 10 of the start plus what taxes at that seat's visible taxes row would have brought in the
 * rounds played, spread from half to one and a half times that. At least the bid it leads an
 * auction with, which it must be able to pay.
 */
export function drawDucats(s: GoaState, other: Seat, rng: Rng): number {
  const played = (s.part === 'B' ? DATA.rounds.value : 0) + s.round - 1;
  const taxes = DATA.rowValues.value.taxes[s.seats[other]!.rows.taxes]!;
  const guess = DATA.startingDucats.value.others + (played * taxes) / 2;
  const drawn = Math.round(guess * (0.5 + rng.next()));
  const leads = s.auction && s.auction.highBidder === other && s.auction.auctioneer !== other ? s.auction.high : 0;
  return Math.max(leads, drawn);
}

export function determinize(state: GoaState, seat: Seat, rng: Rng): GoaState {
  const s = deepCopy(state);
  const me = s.seats[seat]!;

  // Cards: the seat knows its own hand and the cards face up on the table; the rest is one pool.
  const known = new Set([...me.hand, ...s.table]);
  const pool = rng.shuffle(ALL_CARDS.filter((id) => !known.has(id)));
  s.seats.forEach((p, i) => {
    if (i !== seat) p.hand = pool.splice(0, p.hand.length);
  });
  s.discard = pool.splice(0, s.discard.length);
  s.deck = pool.splice(0, s.deck.length);

  // Mission values: the seat sees its own and those on the grid.
  const seen = new Set([...me.tiles.map((t) => t.id), ...s.grid.flat().filter((id): id is string => id !== null)]);
  const missions = rng.shuffle(MISSIONS.filter((id) => !seen.has(id)));
  s.seats.forEach((p, i) => {
    if (i === seat) return;
    for (const t of p.tiles) if (t.kind === 'mission') t.id = missions.pop()!;
  });

  // The B tiles wait face down during part A.
  if (s.part === 'A') s.tileDeck = rng.shuffle(B_TILES);

  s.seats.forEach((p, i) => {
    if (i !== seat) p.ducats = drawDucats(state, i, rng);
  });
  s.rng = rng.int(0x100000000);
  return s;
}
