/**
 * The stages of a round around the action turns: the flag and the auction markers, the auctions,
 * the additional actions and the end of the round (and of a part, and of the game).
 */
import type { Seat } from '../../engine/contract';
import { Transaction } from '../../engine/transaction';
import { plural } from '../../engine/words';
import type { GoaCommand } from './commands';
import { DATA } from './data';
import { gainLot } from './effects';
import { apply } from './evolve';
import { tileName } from './log';
import { biddingOrder, flagSpaces, markerSpaces, playerOf, tileAt } from './rules';
import { finalScores } from './scoring';
import { toGrid } from './setup';
import { type GoaSteps, type Tx, unexpected } from './step';
import type { Auction, GoaState } from './types';

/** The lot with the lowest marker goes up: the flag first (marker 1), then the tiles in marker order. */
function openAuction(tx: Tx): void {
  const s = tx.state;
  const next = s.markers.reduce((low, m) => (m.number < low.number ? m : low));
  const lot = next.number === 1 ? ('flag' as const) : next.pos;
  tx.emit({
    type: 'AuctionOpened',
    lot,
    tile: lot === 'flag' ? null : tileAt(s, lot),
    auctioneer: next.seat,
    toBid: biddingOrder(s, next.seat),
  });
}

function closeAuction(tx: Tx, a: Auction): void {
  const seat = a.highBidder ?? a.auctioneer;
  const tile = a.lot === 'flag' ? null : tileAt(tx.state, a.lot);
  tx.emit({ type: 'AuctionWon', seat, auctioneer: a.auctioneer, amount: a.high, lot: a.lot, tile });
  gainLot(tx, seat, tile);
}

function endRound(tx: Tx): void {
  const s = tx.state;
  const last = s.round === DATA.rounds.value;
  const part = s.part;
  tx.emit({ type: 'RoundEnded', round: s.round, part });
  if (!last) return;
  if (part === 'A') tx.emit({ type: 'PartStarted', part: 'B', grid: toGrid(s.tileDeck.slice(0, DATA.gridSize.value ** 2)) });
  else tx.emit({ type: 'GameEnded', scores: finalScores(tx.state) });
}

const lotName = (s: GoaState, a: Auction) => {
  const tile = a.lot === 'flag' ? null : tileAt(s, a.lot);
  return tile === null ? 'the flag' : tileName(tile);
};

/**
 * The state after `seat` takes a lot for nothing — the flag (`null`) or a tile — with any choice
 * it opens still pending: for bots that weigh what a lot is worth to them.
 */
export function withLot(state: GoaState, seat: Seat, tile: string | null): GoaState {
  const tx = new Transaction(state, apply);
  gainLot(tx, seat, tile);
  return tx.state;
}

export const roundSteps: GoaSteps<'setup' | 'flag' | 'marker' | 'lot' | 'auction' | 'extra'> = {
  setup: { active: () => [], prompt: () => 'set the game up', options: () => [], perform: (_, at, c) => unexpected(at, c) },

  flag: {
    active: (_, at) => [at.seat],
    prompt: () => 'place the flag',
    options: (s) => flagSpaces(s).map((pos): GoaCommand => ({ type: 'placeFlag', ...pos })),
    perform: (tx, at, c, seat) =>
      c.type === 'placeFlag' ? tx.emit({ type: 'FlagPlaced', seat, pos: { r: c.r, c: c.c } }) : unexpected(at, c),
  },

  marker: {
    active: (_, at) => [at.seat],
    prompt: (_, at) => `place auction marker ${at.number}`,
    options: (s) => markerSpaces(s).map((pos): GoaCommand => ({ type: 'placeMarker', ...pos })),
    // A marker with one tile left to go on goes there.
    settle(tx, at) {
      const [only, ...others] = markerSpaces(tx.state);
      if (!only || others.length > 0) return false;
      tx.emit({ type: 'MarkerPlaced', seat: at.seat, number: at.number, pos: only });
      return true;
    },
    perform: (tx, at, c, seat) =>
      c.type === 'placeMarker' ? tx.emit({ type: 'MarkerPlaced', seat, number: at.number, pos: { r: c.r, c: c.c } }) : unexpected(at, c),
  },

  lot: {
    active: () => [],
    prompt: () => 'open the next auction',
    options: () => [],
    settle(tx) {
      openAuction(tx);
      return true;
    },
    perform: (_, at, c) => unexpected(at, c),
  },

  auction: {
    active: (_, at) => (at.bidder === undefined ? [] : [at.bidder]),
    prompt: (s, at) =>
      at.auction.high > 0
        ? `bid more than ${plural(at.auction.high, 'ducat')} for ${lotName(s, at.auction)}, or pass`
        : `bid for ${lotName(s, at.auction)}, or pass`,
    options(s, at, seat) {
      const out: GoaCommand[] = [{ type: 'pass' }];
      const ducats = playerOf(s, seat).ducats;
      for (let amount = at.auction.high + 1; amount <= ducats; amount++) out.push({ type: 'bid', amount });
      return out;
    },
    // Every seat has had its say, or nobody bid and the auctioneer is left: the lot goes (for
    // nothing, to an auctioneer with no bid against himself to make). Both are public. A seat that
    // cannot outbid is still asked (only "pass" is open to it): passing for it would show the
    // table that its secret ducats do not exceed the bid.
    settle(tx, at) {
      const a = at.auction;
      const bidder = at.bidder;
      if (bidder !== undefined && !(bidder === a.auctioneer && a.highBidder === a.auctioneer)) return false;
      closeAuction(tx, a);
      return true;
    },
    perform(tx, at, c, seat) {
      if (c.type === 'bid') return tx.emit({ type: 'Bid', seat, amount: c.amount });
      if (c.type === 'pass') return tx.emit({ type: 'Passed', seat });
      return unexpected(at, c);
    },
  },

  extra: {
    active: (_, at) => [at.seat],
    prompt: (_, at) =>
      at.p.extraActions > DATA.keepAdditionalActions.value ? 'take an additional action' : 'take an additional action or pass',
    options(_, at) {
      const out: GoaCommand[] = [];
      if (at.p.extraActions > 0) out.push({ type: 'extraAction' });
      if (at.p.extraActions <= DATA.keepAdditionalActions.value) out.push({ type: 'pass' });
      return out;
    },
    // Everyone passed: the round ends; a seat without additional action cards passes.
    settle(tx, at) {
      if (tx.state.passed.every(Boolean)) endRound(tx);
      else if (at.p.extraActions === 0) tx.emit({ type: 'ExtraPassed', seat: at.seat });
      else return false;
      return true;
    },
    perform(tx, at, c, seat) {
      if (c.type === 'extraAction') return tx.emit({ type: 'ExtraStarted', seat });
      if (c.type === 'pass') return tx.emit({ type: 'ExtraPassed', seat });
      return unexpected(at, c);
    },
  },
};
