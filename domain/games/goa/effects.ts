/**
 * What happens in more than one step: drawing cards, a tile or the flag taking effect, a success
 * marker moving, a free expedition card or a kept tile played (in a turn, or while founding a
 * colony or making room in the hand). Each emits its events on the step's transaction.
 */
import type { Seat } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import { CARDS, type Column, DATA, TILES } from './data';
import type { GoaEvent } from './events';
import { tileName } from './log';
import { emptyFields, extraSupply, highestColumns, lowestCommonRow, playerOf, tableColonists, totalSpices } from './rules';
import { start, type Tx } from './step';
import type { GoaState } from './types';

/** Draw cards to a hand or the table, reshuffling the discards (written into the event) when the deck runs out. */
export function draw(tx: Tx, seat: Seat, n: number, to: 'hand' | 'table', reason: string): void {
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

/** The cards drawn face up to count colonists go to the discards. */
export function clearTable(tx: Tx, seat: Seat): void {
  for (const card of [...tx.state.table]) tx.emit({ type: 'CardDiscarded', seat, card, from: 'table' });
}

type Gained = Extract<GoaEvent, { type: 'Gained' }>;

/** Additional action cards come from the supply: what it lacks is not taken. */
export function withExtra(s: GoaState, gained: Gained, wanted: number): Gained {
  const got = Math.min(wanted, extraSupply(s));
  return { ...gained, ...(got ? { extraActions: got } : {}), ...(got < wanted ? { short: wanted - got } : {}) };
}

/** A won tile (or one taken with Swap) takes effect. */
export function gainTile(tx: Tx, seat: Seat, id: string): void {
  const t = TILES[id]!;
  const p = playerOf(tx.state, seat);
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

/** A lot taken: the flag (`null`, with an additional action card) or a tile. */
export function gainLot(tx: Tx, seat: Seat, tile: string | null): void {
  if (tile === null) tx.emit(withExtra(tx.state, { type: 'Gained', seat, reason: 'the flag' }, 1));
  else gainTile(tx, seat, tile);
}

/** After a success marker moves: first-to-reach cards and all-markers additional actions. */
export function markerMoved(tx: Tx, seat: Seat, column: Column): void {
  const s = tx.state;
  const p = playerOf(s, seat);
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

/** The Vice-king moves a success marker down a row for free. */
export function viceKing(tx: Tx, seat: Seat, column: Column): void {
  const p = playerOf(tx.state, seat);
  tx.emit({ type: 'Progressed', seat, column, row: p.rows[column] + 1, ships: 0, spices: [], ducats: 0 });
  markerMoved(tx, seat, column);
}

/** An expedition card played on its own (not with an action). */
export function playCard(tx: Tx, seat: Seat, card: string): void {
  tx.emit({ type: 'CardPlayed', seat, card });
  const p = playerOf(tx.state, seat);
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

/** A kept tile used. */
export function useTile(tx: Tx, seat: Seat, id: string): void {
  const p = playerOf(tx.state, seat);
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
      const [only] = columns;
      return only && columns.length === 1 ? viceKing(tx, seat, only) : start(tx, { kind: 'viceKing', seat, columns });
    }
    default:
      throw new Error(`tile ${id} cannot be used`);
  }
}
