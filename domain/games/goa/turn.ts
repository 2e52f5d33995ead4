/**
 * The action turn: one of the six actions (some with an expedition card that changes it), before,
 * during or after it one free expedition card and any usable tiles, discards at will, then the
 * end of the turn — by itself once nothing hidden is left to decide.
 */
import type { Seat } from '../../engine/contract';
import type { GoaCommand } from './commands';
import { type CardEffect, CARDS, COLONIES, COLONY_NAMES, COLONY_TILES, type Column, COLUMNS, DATA, type Spice } from './data';
import { draw, markerMoved, playCard, useTile } from './effects';
import {
  cardsLeft,
  countSpots,
  emptyFields,
  handLimit,
  hasGridTile,
  hasSpices,
  lastRow,
  pickSpices,
  progressCost,
  rowValue,
  spiceSources,
  spotsOf,
  tableColonists,
  totalSpices,
} from './rules';
import { type GoaSteps, start, type Tx, unexpected } from './step';
import type { GoaPlayer, GoaState } from './types';

/** The six actions of an action turn (the other commands are steps, cards and tiles). */
export const ACTIONS: ReadonlySet<string> = new Set<GoaCommand['type']>([
  'progress',
  'buildShips',
  'harvest',
  'taxes',
  'expedition',
  'foundColony',
]);

/** Expedition cards not tied to an action, playable now. */
const FREE_EFFECTS: readonly CardEffect[] = ['ships', 'colonists', 'ducats', 'spices', 'sellSpices'];

function freeCardUsable(p: GoaPlayer, effect: CardEffect): boolean {
  if (!FREE_EFFECTS.includes(effect)) return false;
  if (effect === 'spices') return emptyFields(p) > 0;
  if (effect === 'sellSpices') return totalSpices(p) > 0;
  return true;
}

const cardsWith = (p: GoaPlayer, effect: CardEffect) => p.hand.filter((id) => CARDS[id]?.effect === effect);

/** The free expedition cards the seat may play now (one a turn), or only those with this effect. */
export function playableCards(s: GoaState, p: GoaPlayer, only?: CardEffect): GoaCommand[] {
  if (s.cardPlayed) return [];
  return p.hand
    .filter((id) => {
      const effect = CARDS[id]?.effect;
      return effect !== undefined && freeCardUsable(p, effect) && (!only || effect === only);
    })
    .map((card) => ({ type: 'playCard', card }));
}

/** A kept tile that can be used now (once per round, or once per game). */
function tileUsable(s: GoaState, p: GoaPlayer, kind: string): boolean {
  switch (kind) {
    case 'ship':
    case 'colonist':
    case 'ducats':
    case 'espionage':
      return true;
    case 'spice':
      return emptyFields(p) > 0;
    case 'duty':
      return totalSpices(p) >= DATA.dutySpices.value;
    case 'swap':
      return hasGridTile(s);
    case 'extraHarvest':
      return spotsOf(p).some((x) => x.filled < x.fields);
    case 'resupply':
      return cardsLeft(s) > 0;
    case 'viceKing':
      return COLUMNS.some((c) => p.rows[c] < lastRow);
    default:
      return false; // missions only score
  }
}

/** The kept tiles the seat may use now, or only those of these kinds. */
export function usableTiles(s: GoaState, p: GoaPlayer, only?: readonly string[]): GoaCommand[] {
  return p.tiles
    .filter((t) => !t.used && (!only || only.includes(t.kind)) && tileUsable(s, p, t.kind))
    .map((t) => ({ type: 'useTile', tile: t.id }));
}

/** "A player may discard any number of expedition cards at any time in the game!" */
export const discards = (p: GoaPlayer): GoaCommand[] => p.hand.map((card) => ({ type: 'discardCard', card }));

/** Whether a caller that wants commands of type `only` (or all, without it) wants this type. */
const wants = (only: string | undefined, type: GoaCommand['type']) => only === undefined || only === type;

/** Cards of this effect the seat may play with an action (one card a turn). */
const actionCards = (s: GoaState, p: GoaPlayer, effect: CardEffect) => (s.cardPlayed ? [] : cardsWith(p, effect));

/** A progress paid with spices: one command per way to take them, when there is more than one. */
function paying(p: GoaPlayer, column: Column, spices: readonly Spice[], card?: string): GoaCommand[] {
  const ways = spiceSources(p, spices);
  const base = { type: 'progress' as const, column, ...(card ? { card } : {}) };
  return ways.length > 1 ? ways.map((from) => ({ ...base, from })) : [base];
}

/** The actions the seat can take; `only`: of that command type alone. */
function actionOptions(s: GoaState, p: GoaPlayer, only?: string): GoaCommand[] {
  const out: GoaCommand[] = [];
  if (wants(only, 'progress')) {
    for (const column of COLUMNS) {
      if (p.rows[column] >= lastRow) continue;
      const spices = progressCost(p, column);
      if (hasSpices(p, spices) && p.ships >= spices.length) out.push(...paying(p, column, spices));
      for (const card of actionCards(s, p, 'progressShips')) if (p.ships >= spices.length) out.push({ type: 'progress', column, card });
      for (const card of actionCards(s, p, 'progressSpices')) if (hasSpices(p, spices)) out.push(...paying(p, column, spices, card));
      for (const card of actionCards(s, p, 'progressDucats'))
        if (p.ducats >= (CARDS[card]?.ducats ?? Infinity)) out.push({ type: 'progress', column, card });
    }
  }
  if (wants(only, 'buildShips')) out.push({ type: 'buildShips' });
  if (wants(only, 'harvest')) {
    if (emptyFields(p) > 0) out.push({ type: 'harvest' });
    for (const card of actionCards(s, p, 'harvestMix')) out.push({ type: 'harvest', card });
  }
  if (wants(only, 'taxes')) out.push({ type: 'taxes' });
  if (wants(only, 'expedition') && cardsLeft(s) > 0) out.push({ type: 'expedition' });
  if (wants(only, 'foundColony')) {
    for (const colony of COLONIES) {
      if (p.colonies[colony] || !s.colonyTiles.some((id) => COLONY_TILES[id]?.colony === colony)) continue;
      out.push({ type: 'foundColony', colony });
      for (const card of actionCards(s, p, 'colonyCard')) out.push({ type: 'foundColony', colony, card });
    }
  }
  return out;
}

/** Everything the seat may send in its turn; `only`: commands of that type alone (the bots check one command often). */
function turnOptions(s: GoaState, p: GoaPlayer, only?: string): GoaCommand[] {
  const out = s.acted || (only !== undefined && !ACTIONS.has(only)) ? [] : actionOptions(s, p, only);
  if (wants(only, 'playCard')) out.push(...playableCards(s, p));
  if (wants(only, 'useTile')) out.push(...usableTiles(s, p));
  if (wants(only, 'discardCard')) out.push(...discards(p));
  if (s.acted && wants(only, 'endTurn')) out.push({ type: 'endTurn' });
  return out;
}

/**
 * Only ending the turn (or discarding) is left: the turn ends by itself. Not while a card could still
 * be played this turn from a non-empty hand: whether one of them is playable is hidden, and a turn
 * that ended by itself would tell the table. (With the hand closed no card is playable, so what is
 * left to check is the tiles.)
 */
function turnOver(s: GoaState, p: GoaPlayer): boolean {
  const handClosed = s.cardPlayed || p.hand.length === 0;
  return s.acted && handClosed && usableTiles(s, p).length === 0;
}

function progress(tx: Tx, seat: Seat, p: GoaPlayer, column: Column, card: string | undefined, from: readonly string[] | undefined): void {
  const cost = progressCost(p, column);
  const changed = card ? CARDS[card] : undefined;
  const effect = changed?.effect ?? null;
  const spices = effect === 'progressShips' || effect === 'progressDucats' ? [] : [...cost];
  const ships = effect === 'progressSpices' || effect === 'progressDucats' ? 0 : cost.length;
  const ducats = effect === 'progressDucats' ? (changed?.ducats ?? 0) : 0;
  const spots = from ? countSpots(from) : pickSpices(p, spices);
  if (spices.length) tx.emit({ type: 'SpicesRemoved', seat, spots, reason: `progress in ${column}` });
  tx.emit({ type: 'Progressed', seat, column, row: p.rows[column] + 1, ships, spices, ducats });
  markerMoved(tx, seat, column);
}

export const turnSteps: GoaSteps<'turn'> = {
  turn: {
    active: (_, at) => [at.seat],
    prompt: (s) => (s.acted ? 'play a card or a tile, or end the turn' : s.extraTurn ? 'take an additional action' : 'take an action'),
    options: (s, at, _seat, only) => turnOptions(s, at.p, only),
    settle(tx, at) {
      if (!turnOver(tx.state, at.p)) return false;
      tx.emit({ type: 'TurnEnded', seat: at.seat });
      return true;
    },
    perform(tx, at, c, seat) {
      const p = at.p;
      if (ACTIONS.has(c.type)) {
        tx.emit({ type: 'ActionTaken', seat, action: c.type });
        if ('card' in c && c.card) tx.emit({ type: 'CardPlayed', seat, card: c.card });
      }
      switch (c.type) {
        case 'progress':
          return progress(tx, seat, p, c.column, c.card, c.from);
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
          return playCard(tx, seat, c.card);
        case 'useTile':
          return useTile(tx, seat, c.tile);
        case 'endTurn':
          return tx.emit({ type: 'TurnEnded', seat });
        default:
          return unexpected(at, c);
      }
    },
  },
};
