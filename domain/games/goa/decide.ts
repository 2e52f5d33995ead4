/**
 * decide: check a command against `legal`, turn it into events, then run the game forward
 * through every step that needs no decision (forced placements, auctions nobody can bid in,
 * seats without additional action cards, round and part ends, scoring).
 */
import { accept, type Decision, type Seat } from '../../engine/contract';
import { admit, Transaction } from '../../engine/transaction';
import { Rng } from '../../engine/rng';
import type { GoaCommand } from './commands';
import { CARDS, COLONY_NAMES, COLUMNS, DATA, TILES, type Column } from './data';
import { apply } from './evolve';
import { tileName } from './log';
import type { GoaEvent } from './events';
import { activeSeats, colonyChoices, legal } from './legal';
import {
  biddingOrder,
  countSpots,
  emptyFields,
  extraSupply,
  handLimit,
  highestColumns,
  lowestCommonRow,
  markerCount,
  markerSpaces,
  pickSpices,
  progressCost,
  rowValue,
  spotsOf,
  tableColonists,
  tileAt,
  totalSpices,
} from './rules';
import { finalScores } from './scoring';
import { toGrid } from './setup';
import type { GoaState, Pending } from './types';

class Tx extends Transaction<GoaState, GoaEvent> {
  constructor(state: GoaState) {
    super(state, apply);
  }
}

export function decide(state: GoaState, command: GoaCommand, seat: Seat): Decision<GoaEvent> {
  const refused = admit<GoaCommand, GoaEvent>(
    {
      over: state.status === 'over',
      seats: state.seats,
      active: activeSeats(state),
      legal: () => legal(state, seat),
      explain: () => explain(state, command, seat),
    },
    command,
    seat,
  );
  if (refused) return refused;
  const tx = new Tx(state);
  perform(tx, command, seat);
  advance(tx);
  return accept(tx.events);
}

/**
 * The state after a command taken from `legal(state, seat)`, without checking it again or
 * returning the events: the same steps as `decide` then `evolve`, for bots that play many
 * commands ahead. A command not from `legal` gives undefined results.
 */
export function playLegal(state: GoaState, command: GoaCommand, seat: Seat): GoaState {
  const tx = new Tx(state);
  perform(tx, command, seat);
  advance(tx);
  return tx.state;
}

/**
 * The state after `seat` takes a lot for nothing — the flag (`null`) or a tile — with any choice
 * it opens still pending: for bots that weigh what a lot is worth to them.
 */
export function withLot(state: GoaState, seat: Seat, tile: string | null): GoaState {
  const tx = new Tx(state);
  if (tile === null) tx.emit(withExtra(tx.state, { type: 'Gained', seat, reason: 'the flag' }, 1));
  else gainTile(tx, seat, tile);
  return tx.state;
}

/** A short reason for a command that is not in `legal`. */
function explain(s: GoaState, c: GoaCommand, seat: Seat): string {
  const p = s.seats[seat]!;
  switch (c.type) {
    case 'placeFlag':
      return 'The flag goes on an empty space or an edge space with a tile beside it (not diagonally)';
    case 'placeMarker':
      return 'An auction marker goes on a tile without a marker, next to or diagonal to the last marker';
    case 'bid':
      return s.auction && c.amount <= s.auction.high ? `A bid must be higher than ${s.auction.high}` : 'You cannot bid that much';
    case 'progress':
      if (p.rows[c.column] >= DATA.rowVp.value.length - 1) return `Your ${c.column} marker is already in the last row`;
      if (legal(s, seat).some((l) => l.type === 'progress' && l.column === c.column && (l.card ?? null) === (c.card ?? null)))
        return c.from
          ? `Those spots do not hold the ${progressCost(p, c.column).join(', ')} this progress needs, in that order`
          : 'Your spices lie in more than one place: choose where each one comes from';
      return `Progress in ${c.column} needs ${progressCost(p, c.column).join(', ')} and as many ships (or a card that changes the cost)`;
    case 'foundColony':
      return p.colonies[c.colony] ? `You have already founded ${COLONY_NAMES[c.colony]}` : `You cannot try ${COLONY_NAMES[c.colony]} now`;
    case 'playCard':
      return s.cardPlayed ? 'You have already played an expedition card this turn' : 'That card cannot be played now';
    case 'useTile':
      return 'That tile cannot be used now';
    case 'endTurn':
      return 'Take your action first';
    case 'recruitColonists':
      return 'You do not have enough colonists for this colony';
    case 'startWithRows':
      if (s.pending.at(-1)?.kind !== 'variant') return 'The rule variant is chosen before the game begins';
      return c.columns[0] === c.columns[1]
        ? 'Choose two different columns'
        : `Name the two columns in the board's order (${COLUMNS.join(', ')})`;
    default:
      return s.acted && ACTIONS.has(c.type) ? 'You have already taken your action this turn' : 'That move is not allowed now';
  }
}

/** The six actions of an action turn (the other commands are steps, cards and tiles). */
const ACTIONS: ReadonlySet<GoaCommand['type']> = new Set(['progress', 'buildShips', 'harvest', 'taxes', 'expedition', 'foundColony']);

/** Draw cards to a hand or the table, reshuffling the discards (written into the event) when the deck runs out. */
function draw(tx: Tx, seat: Seat, n: number, to: 'hand' | 'table', reason: string): void {
  for (let need = n; need > 0; ) {
    const s = tx.state;
    if (s.deck.length > 0) {
      const cards = s.deck.slice(0, need);
      tx.emit({ type: 'CardsDrawn', seat, cards, to, reshuffled: null, rng: null, reason });
      need -= cards.length;
    } else if (s.discard.length > 0) {
      const rng = new Rng(s.rng);
      const reshuffled = rng.shuffle(s.discard);
      tx.emit({ type: 'CardsDrawn', seat, cards: reshuffled.slice(0, need), to, reshuffled, rng: rng.state, reason });
      need -= Math.min(need, reshuffled.length);
    } else return;
  }
}

function clearTable(tx: Tx, seat: Seat): void {
  for (const card of [...tx.state.table]) tx.emit({ type: 'CardDiscarded', seat, card, from: 'table' });
}

const start = (tx: Tx, pending: Pending) => tx.emit({ type: 'PendingStarted', pending });
const end = (tx: Tx, seat: Seat) => tx.emit({ type: 'PendingEnded', seat });
const top = (tx: Tx) => tx.state.pending.at(-1)!;
const update = (tx: Tx, pending: Pending) => tx.emit({ type: 'PendingUpdated', pending });

/** A won tile (or one taken with Swap) takes effect. */
function gainTile(tx: Tx, seat: Seat, id: string): void {
  const t = TILES[id]!;
  const p = tx.state.seats[seat]!;
  const reason = tileName(id);
  switch (t.kind) {
    case 'plantation':
      if (p.plantations.length >= DATA.maxPlantations.value) return start(tx, { kind: 'discardPlantation', seat, tile: id });
      return tx.emit({ type: 'PlantationPlaced', seat, tile: id });
    case 'ships':
      return tx.emit({ type: 'Gained', seat, ships: DATA.tileAmounts.value.ships!, reason });
    case 'colonists':
      return tx.emit({ type: 'Gained', seat, colonists: DATA.tileAmounts.value.colonists!, reason });
    case 'shipsOrColonists':
      return start(tx, { kind: 'shipsOrColonists', seat, amount: DATA.tileAmounts.value.shipsOrColonists! });
    case 'settlement':
      return tx.emit(withExtra(tx.state, { type: 'Gained', seat, ships: 1, colonists: 1, reason }, 1));
    case 'extraActions':
      return tx.emit(withExtra(tx.state, { type: 'Gained', seat, reason }, DATA.tileAmounts.value.extraActions!));
    case 'expeditions':
      // Taken even beyond the hand limit.
      return draw(tx, seat, t.amount!, 'hand', reason);
    default:
      return tx.emit({ type: 'TileKept', seat, tile: id });
  }
}

/** After a success marker moves: first-to-reach cards and all-markers additional actions. */
function markerMoved(tx: Tx, seat: Seat, column: Column): void {
  const s = tx.state;
  const p = s.seats[seat]!;
  const row = p.rows[column];
  if (row >= 3 && !s.firstReached[column][row - 3]) {
    tx.emit({ type: 'FirstToReach', seat, column, row });
    draw(tx, seat, 1, 'hand', 'first to reach the row');
  }
  while (p.allRowsBonus < lowestCommonRow(p)) {
    tx.emit({ type: 'AllRowsReached', seat, row: p.allRowsBonus + 1 });
    tx.emit(withExtra(tx.state, { type: 'Gained', seat, reason: 'all markers in a row' }, 1));
  }
}

type Gained = Extract<GoaEvent, { type: 'Gained' }>;

/** Additional action cards come from the supply: what it lacks is not taken. */
function withExtra(s: GoaState, gained: Gained, wanted: number): Gained {
  const got = Math.min(wanted, extraSupply(s));
  return { ...gained, ...(got ? { extraActions: got } : {}), ...(got < wanted ? { short: wanted - got } : {}) };
}

function progress(tx: Tx, seat: Seat, column: Column, card: string | undefined, from: readonly string[] | undefined): void {
  const p = tx.state.seats[seat]!;
  const cost = progressCost(p, column);
  const effect = card ? CARDS[card]!.effect : null;
  const spices = effect === 'progressShips' || effect === 'progressDucats' ? [] : [...cost];
  const ships = effect === 'progressSpices' || effect === 'progressDucats' ? 0 : cost.length;
  const ducats = effect === 'progressDucats' ? CARDS[card!]!.ducats! : 0;
  const spots = from ? countSpots(from) : pickSpices(p, spices);
  if (spices.length) tx.emit({ type: 'SpicesRemoved', seat, spots, reason: `progress in ${column}` });
  tx.emit({ type: 'Progressed', seat, column, row: p.rows[column] + 1, ships, spices, ducats });
  markerMoved(tx, seat, column);
}

function perform(tx: Tx, c: GoaCommand, seat: Seat): void {
  const s = tx.state;
  const p = s.seats[seat]!;
  const pending = s.pending.at(-1);
  if (ACTIONS.has(c.type)) {
    tx.emit({ type: 'ActionTaken', seat, action: c.type });
    if ('card' in c && c.card) tx.emit({ type: 'CardPlayed', seat, card: c.card });
  }
  switch (c.type) {
    case 'placeFlag':
      return tx.emit({ type: 'FlagPlaced', seat, pos: { r: c.r, c: c.c } });
    case 'placeMarker':
      return tx.emit({ type: 'MarkerPlaced', seat, number: s.markers.length + 1, pos: { r: c.r, c: c.c } });
    case 'bid':
      return tx.emit({ type: 'Bid', seat, amount: c.amount });
    case 'pass':
      return tx.emit(s.stage === 'auctions' ? { type: 'Passed', seat } : { type: 'ExtraPassed', seat });
    case 'extraAction':
      return tx.emit({ type: 'ExtraStarted', seat });
    case 'progress':
      return progress(tx, seat, c.column, c.card, c.from);
    case 'buildShips':
      return tx.emit({ type: 'Gained', seat, ships: rowValue(p, 'ships'), reason: 'build ships' });
    case 'taxes':
      return tx.emit({ type: 'Gained', seat, ducats: rowValue(p, 'taxes'), reason: 'taxes' });
    case 'harvest':
      if (c.card) return start(tx, { kind: 'harvestMix', seat, count: rowValue(p, 'harvest') });
      return start(tx, {
        kind: 'placeSpices',
        seat,
        count: Math.min(rowValue(p, 'harvest'), emptyFields(p)),
        optional: false,
        reason: 'harvest',
      });
    case 'expedition': {
      const draws = rowValue(p, 'expedition');
      if (p.hand.length + draws <= handLimit(p)) return draw(tx, seat, draws, 'hand', 'expedition');
      return start(tx, { kind: 'expedition', seat, draws });
    }
    case 'foundColony':
      draw(tx, seat, DATA.colonyDraws.value + (c.card ? 1 : 0), 'table', `recruiting for ${COLONY_NAMES[c.colony]}`);
      return start(tx, { kind: 'colony', seat, colony: c.colony, base: rowValue(p, 'colonists') + tableColonists(tx.state) });
    case 'playCard':
      tx.emit({ type: 'CardPlayed', seat, card: c.card });
      return cardEffect(tx, seat, c.card);
    case 'useTile':
      return useTile(tx, seat, c.tile);
    case 'discardCard':
      return tx.emit({ type: 'CardDiscarded', seat, card: c.card, from: 'hand' });
    case 'endTurn':
      return tx.emit({ type: 'TurnEnded', seat });
    case 'placeSpice': {
      const spot = spotsOf(p).find((x) => x.tile === c.spot)!;
      if (pending!.kind === 'extraHarvest') {
        tx.emit({ type: 'SpicesPlaced', seat, spot: c.spot, count: spot.fields - spot.filled });
        return pending!.left > 1 ? update(tx, { ...pending!, left: pending!.left - 1 }) : end(tx, seat);
      }
      const q = pending as Extract<Pending, { kind: 'placeSpices' }>;
      tx.emit({ type: 'SpicesPlaced', seat, spot: c.spot, count: 1 });
      return q.count > 1 ? update(tx, { ...q, count: q.count - 1 }) : end(tx, seat);
    }
    case 'removeSpice': {
      const q = pending as Extract<Pending, { kind: 'removeSpices' }>;
      tx.emit({ type: 'SpicesRemoved', seat, spots: [{ spot: c.spot, count: 1 }], reason: q.reason });
      if (q.reason === 'sell') tx.emit({ type: 'Gained', seat, ducats: DATA.cardEffects.value.sellSpices!, reason: 'a spice sold' });
      if (q.count > 1) return update(tx, { ...q, count: q.count - 1 });
      end(tx, seat);
      return dutyDone(tx, seat, q);
    }
    case 'discardPlantation': {
      const q = pending as Extract<Pending, { kind: 'discardPlantation' }>;
      const spot = p.plantations.find((x) => x.tile === c.spot)!;
      tx.emit({ type: 'PlantationDiscarded', seat, spot: c.spot, keptSingle: spot.fields === 1 });
      end(tx, seat);
      return tx.emit({ type: 'PlantationPlaced', seat, tile: q.tile });
    }
    case 'take':
      return take(tx, seat, pending!, c.what);
    case 'startWithDucats':
      end(tx, seat);
      return tx.emit({ type: 'Gained', seat, ducats: DATA.variant.value.ducats, reason: 'the rule variant' });
    case 'startWithRows':
      end(tx, seat);
      for (const column of c.columns)
        tx.emit({ type: 'Progressed', seat, column, row: DATA.variant.value.row, ships: 0, spices: [], ducats: 0 });
      return;
    case 'drawCard': {
      const q = pending as Extract<Pending, { kind: 'expedition' }>;
      end(tx, seat);
      return draw(tx, seat, Math.min(q.draws, handLimit(p) - p.hand.length), 'hand', 'expedition');
    }
    case 'recruitColonists':
      return recruited(tx, pending as Extract<Pending, { kind: 'colony' }>);
    case 'abandonColony': {
      const q = pending as Extract<Pending, { kind: 'colony' }>;
      tx.emit({ type: 'ColonyFailed', seat, colony: q.colony, had: q.base + p.colonists, needed: DATA.colonistsNeeded.value[q.colony] });
      tx.emit({ type: 'Gained', seat, colonists: 1, reason: 'a failed colony' });
      clearTable(tx, seat);
      return end(tx, seat);
    }
    case 'chooseColony': {
      const q = pending as Extract<Pending, { kind: 'colonyTile' }>;
      end(tx, seat);
      return tx.emit({ type: 'ColonyFounded', seat, colony: q.colony, tile: c.tile, spice: c.spice });
    }
    case 'chooseColumn':
      end(tx, seat);
      return viceKing(tx, seat, c.column);
    case 'spy': {
      const amount = rowValue(s.seats[c.seat]!, c.column);
      end(tx, seat);
      if (c.column === 'ships') return tx.emit({ type: 'Gained', seat, ships: amount, reason: 'espionage' });
      if (c.column === 'taxes') return tx.emit({ type: 'Gained', seat, ducats: amount, reason: 'espionage' });
      if (c.column === 'harvest')
        return start(tx, { kind: 'placeSpices', seat, count: Math.min(amount, emptyFields(p)), optional: false, reason: 'espionage' });
      const colony = top(tx) as Extract<Pending, { kind: 'colony' }>;
      return update(tx, { ...colony, base: colony.base + amount });
    }
    case 'swapWith': {
      const q = pending as Extract<Pending, { kind: 'swap' }>;
      const taken = tileAt(s, c)!;
      end(tx, seat);
      tx.emit({ type: 'Swapped', seat, tile: taken, pos: { r: c.r, c: c.c }, swap: q.tile });
      return gainTile(tx, seat, taken);
    }
    case 'done':
      return end(tx, seat);
  }
}

function dutyDone(tx: Tx, seat: Seat, q: Extract<Pending, { kind: 'removeSpices' }>): void {
  if (q.reason === 'duty') tx.emit({ type: 'DutyDone', seat, tile: q.tile! });
}

function recruited(tx: Tx, q: Extract<Pending, { kind: 'colony' }>): void {
  const needed = DATA.colonistsNeeded.value[q.colony];
  tx.emit({ type: 'ColonistsRecruited', seat: q.seat, colony: q.colony, counted: q.base, paid: Math.max(0, needed - q.base) });
  clearTable(tx, q.seat);
  end(tx, q.seat);
  start(tx, { kind: 'colonyTile', seat: q.seat, colony: q.colony });
}

function viceKing(tx: Tx, seat: Seat, column: Column): void {
  const p = tx.state.seats[seat]!;
  tx.emit({ type: 'Progressed', seat, column, row: p.rows[column] + 1, ships: 0, spices: [], ducats: 0 });
  markerMoved(tx, seat, column);
}

function cardEffect(tx: Tx, seat: Seat, card: string): void {
  const p = tx.state.seats[seat]!;
  const effect = CARDS[card]!.effect;
  const amount = DATA.cardEffects.value[effect]!;
  const reason = 'an expedition card';
  switch (effect) {
    case 'ships':
      return tx.emit({ type: 'Gained', seat, ships: amount, reason });
    case 'colonists':
      return tx.emit({ type: 'Gained', seat, colonists: amount, reason });
    case 'ducats':
      return tx.emit({ type: 'Gained', seat, ducats: amount, reason });
    case 'spices':
      return start(tx, { kind: 'placeSpices', seat, count: Math.min(amount, emptyFields(p)), optional: true, reason });
    case 'sellSpices':
      return start(tx, { kind: 'removeSpices', seat, count: totalSpices(p), reason: 'sell' });
    default:
      throw new Error(`card ${card} changes an action and is played with it`);
  }
}

function useTile(tx: Tx, seat: Seat, id: string): void {
  const p = tx.state.seats[seat]!;
  const kind = TILES[id]!.kind;
  const amounts = DATA.tileAmounts.value;
  const reason = tileName(id);
  if (kind === 'swap') return start(tx, { kind: 'swap', seat, tile: id });
  tx.emit({ type: 'TileUsed', seat, tile: id });
  switch (kind) {
    case 'ship':
      return tx.emit({ type: 'Gained', seat, ships: amounts.ship!, reason });
    case 'colonist':
      return tx.emit({ type: 'Gained', seat, colonists: amounts.colonist!, reason });
    case 'ducats':
      return tx.emit({ type: 'Gained', seat, ducats: amounts.ducats!, reason });
    case 'spice':
      return start(tx, { kind: 'placeSpices', seat, count: amounts.spice!, optional: false, reason });
    case 'duty':
      return start(tx, { kind: 'removeSpices', seat, count: DATA.dutySpices.value, reason: 'duty', tile: id });
    case 'espionage':
      return start(tx, { kind: 'espionage', seat });
    case 'extraHarvest':
      return start(tx, { kind: 'extraHarvest', seat, left: amounts.extraHarvest! });
    case 'resupply':
      draw(tx, seat, amounts.resupply!, 'table', 're-supply');
      return start(tx, { kind: 'resupply', seat, amount: tableColonists(tx.state) });
    case 'viceKing': {
      const columns = highestColumns(p);
      return columns.length === 1 ? viceKing(tx, seat, columns[0]!) : start(tx, { kind: 'viceKing', seat, columns });
    }
    default:
      throw new Error(`tile ${id} cannot be used`);
  }
}

function take(tx: Tx, seat: Seat, q: Pending, what: 'ships' | 'colonists' | 'spices'): void {
  const p = tx.state.seats[seat]!;
  if (q.kind === 'harvestMix') {
    if (q.count > 1) update(tx, { ...q, count: q.count - 1 });
    else end(tx, seat);
    if (what === 'spices') return start(tx, { kind: 'placeSpices', seat, count: 1, optional: false, reason: 'harvest' });
    return tx.emit({ type: 'Gained', seat, ...(what === 'ships' ? { ships: 1 } : { colonists: 1 }), reason: 'harvest' });
  }
  const amount = (q as Extract<Pending, { amount: number }>).amount;
  if (q.kind === 'resupply') clearTable(tx, seat);
  end(tx, seat);
  if (what === 'spices')
    return start(tx, { kind: 'placeSpices', seat, count: Math.min(amount, emptyFields(p)), optional: false, reason: 're-supply' });
  const gained = what === 'ships' ? { ships: amount } : { colonists: amount };
  return tx.emit({ type: 'Gained', seat, ...gained, reason: q.kind === 'resupply' ? 're-supply' : 'the ships/colonists tile' });
}

/** Resolve a pending choice that has one possible outcome (or none left). Returns whether it did. */
function autoResolve(tx: Tx, q: Pending): boolean {
  const p = tx.state.seats[q.seat]!;
  const open = spotsOf(p).filter((x) => x.filled < x.fields);
  switch (q.kind) {
    case 'placeSpices': {
      if (q.count === 0 || open.length === 0) {
        end(tx, q.seat);
        return true;
      }
      if (q.optional) return false;
      const room = open.reduce((n, x) => n + x.fields - x.filled, 0);
      if (open.length > 1 && room > q.count) return false;
      // Forced: every empty field gets filled, or there is one plantation to fill.
      let left = q.count;
      for (const x of open) {
        const n = Math.min(left, x.fields - x.filled);
        if (n > 0) tx.emit({ type: 'SpicesPlaced', seat: q.seat, spot: x.tile, count: n });
        left -= n;
      }
      end(tx, q.seat);
      return true;
    }
    case 'extraHarvest':
      if (q.left === 0 || open.length === 0) {
        end(tx, q.seat);
        return true;
      }
      if (open.length > q.left) return false;
      for (const x of open) tx.emit({ type: 'SpicesPlaced', seat: q.seat, spot: x.tile, count: x.fields - x.filled });
      end(tx, q.seat);
      return true;
    case 'removeSpices': {
      const held = spotsOf(p).filter((x) => x.filled > 0);
      if (q.count === 0 || held.length === 0) {
        end(tx, q.seat);
        return true;
      }
      if (q.reason === 'sell' || (held.length > 1 && totalSpices(p) > q.count)) return false;
      let left = q.count;
      const spots = held.map((x) => {
        const n = Math.min(left, x.filled);
        left -= n;
        return { spot: x.tile, count: n };
      });
      tx.emit({ type: 'SpicesRemoved', seat: q.seat, spots: spots.filter((x) => x.count > 0), reason: q.reason });
      end(tx, q.seat);
      dutyDone(tx, q.seat, q);
      return true;
    }
    case 'colony':
      if (q.base < DATA.colonistsNeeded.value[q.colony]) return false;
      recruited(tx, q);
      return true;
    case 'colonyTile': {
      const choices = colonyChoices(tx.state, q.colony);
      if (choices.length !== 1) return false;
      const only = choices[0] as Extract<GoaCommand, { type: 'chooseColony' }>;
      end(tx, q.seat);
      tx.emit({ type: 'ColonyFounded', seat: q.seat, colony: q.colony, tile: only.tile, spice: only.spice });
      return true;
    }
    case 'expedition':
      if (p.hand.length + q.draws > handLimit(p)) return false;
      end(tx, q.seat);
      draw(tx, q.seat, q.draws, 'hand', 'expedition');
      return true;
    case 'harvestMix':
      if (q.count > 0) return false;
      end(tx, q.seat);
      return true;
    default:
      return false;
  }
}

function openAuction(tx: Tx): void {
  const s = tx.state;
  const next = [...s.markers].sort((a, b) => a.number - b.number)[0]!;
  const lot = next.number === 1 ? ('flag' as const) : next.pos;
  tx.emit({
    type: 'AuctionOpened',
    lot,
    tile: lot === 'flag' ? null : tileAt(s, lot),
    auctioneer: next.seat,
    toBid: biddingOrder(s, next.seat),
  });
}

function closeAuction(tx: Tx): void {
  const a = tx.state.auction!;
  const seat = a.highBidder ?? a.auctioneer;
  const tile = a.lot === 'flag' ? null : tileAt(tx.state, a.lot);
  tx.emit({ type: 'AuctionWon', seat, auctioneer: a.auctioneer, amount: a.high, lot: a.lot, tile });
  if (tile === null) tx.emit(withExtra(tx.state, { type: 'Gained', seat, reason: 'the flag' }, 1));
  else gainTile(tx, seat, tile);
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

/**
 * Only ending the turn (or discarding) is left: the turn ends by itself. Not while a card could still
 * be played this turn from a non-empty hand: whether one of them is playable is hidden, and a turn
 * that ended by itself would tell the table.
 */
function turnOver(s: GoaState): boolean {
  const handClosed = s.cardPlayed || s.seats[s.turn]!.hand.length === 0;
  return s.acted && handClosed && legal(s, s.turn).every((c) => c.type === 'endTurn' || c.type === 'discardCard');
}

/** Run the game forward through every step that needs no decision. */
function advance(tx: Tx): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const s = tx.state;
    if (s.status !== 'playing') return;
    const q = s.pending.at(-1);
    if (q) {
      if (autoResolve(tx, q)) continue;
      return;
    }
    switch (s.stage) {
      case 'markers': {
        if (s.markers.length === markerCount(s)) {
          openAuction(tx);
          continue;
        }
        const spaces = s.markers.length ? markerSpaces(s) : [];
        if (spaces.length !== 1) return;
        tx.emit({ type: 'MarkerPlaced', seat: activeSeats(s)[0]!, number: s.markers.length + 1, pos: spaces[0]! });
        continue;
      }
      case 'auctions': {
        const a = s.auction;
        if (!a) {
          openAuction(tx);
          continue;
        }
        const bidder = a.toBid[0];
        // Nobody bid: the auctioneer keeps the lot for nothing, with no bid against himself to make.
        if (bidder === undefined || (bidder === a.auctioneer && a.highBidder === a.auctioneer)) {
          closeAuction(tx);
          continue;
        }
        if (s.seats[bidder]!.ducats <= a.high) {
          tx.emit({ type: 'Passed', seat: bidder });
          continue;
        }
        return;
      }
      case 'actions':
      case 'extra': {
        if (s.stage === 'extra' && !s.extraTurn) {
          if (s.passed.every(Boolean)) {
            endRound(tx);
            continue;
          }
          if (s.seats[s.turn]!.extraActions === 0) {
            tx.emit({ type: 'ExtraPassed', seat: s.turn });
            continue;
          }
          return;
        }
        if (turnOver(s)) {
          tx.emit({ type: 'TurnEnded', seat: s.turn });
          continue;
        }
        return;
      }
      default:
        return;
    }
  }
  throw new Error('goa: the game did not settle');
}
