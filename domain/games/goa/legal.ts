/**
 * Every command a seat may send now, exactly — the one definition of what is allowed; `decide`
 * accepts precisely these. Choices are steps: one spice placed or returned at a time, one bid
 * amount per affordable ducat (a seat never holds more than a few dozen).
 */
import type { Seat } from '../../engine/contract';
import { CARDS, COLONIES, COLONY_TILES, COLUMNS, DATA, type CardEffect } from './data';
import type { GoaCommand } from './commands';
import {
  cardsLeft,
  emptyFields,
  flagSpaces,
  handLimit,
  hasGridTile,
  hasSpices,
  markerSeat,
  markerSpaces,
  progressCost,
  spiceSources,
  spotsOf,
  totalSpices,
  lastRow,
} from './rules';
import type { GoaPlayer, GoaState, Pending } from './types';

export function activeSeats(s: GoaState): Seat[] {
  if (s.status !== 'playing') return [];
  const top = s.pending.at(-1);
  if (top) return [top.seat];
  switch (s.stage) {
    case 'markers':
      return [markerSeat(s, s.markers.length + 1)];
    case 'auctions':
      return s.auction ? [s.auction.toBid[0]!] : [];
    case 'actions':
    case 'extra':
      return [s.turn];
    default:
      return [];
  }
}

export function legal(s: GoaState, seat: Seat): GoaCommand[] {
  if (s.status !== 'playing' || !s.seats[seat]) return [];
  const options = activeSeats(s).includes(seat) ? inTurn(s, seat) : [];
  // "A player may discard any number of expedition cards at any time in the game!" — also out of turn.
  if (options.some((c) => c.type === 'discardCard')) return options;
  return [...options, ...s.seats[seat]!.hand.map((card): GoaCommand => ({ type: 'discardCard', card }))];
}

function inTurn(s: GoaState, seat: Seat): GoaCommand[] {
  const top = s.pending.at(-1);
  if (top) return pendingOptions(s, top);
  const p = s.seats[seat]!;
  switch (s.stage) {
    case 'markers':
      return s.markers.length === 0
        ? flagSpaces(s).map((pos) => ({ type: 'placeFlag', ...pos }))
        : markerSpaces(s).map((pos) => ({ type: 'placeMarker', ...pos }));
    case 'auctions': {
      const out: GoaCommand[] = [{ type: 'pass' }];
      for (let amount = s.auction!.high + 1; amount <= p.ducats; amount++) out.push({ type: 'bid', amount });
      return out;
    }
    case 'actions':
      return turnOptions(s, seat);
    case 'extra': {
      if (s.extraTurn) return turnOptions(s, seat);
      const out: GoaCommand[] = [];
      if (p.extraActions > 0) out.push({ type: 'extraAction' });
      if (p.extraActions <= DATA.keepAdditionalActions.value) out.push({ type: 'pass' });
      return out;
    }
    default:
      return [];
  }
}

/** Expedition cards not tied to an action, playable now. */
const FREE_EFFECTS: readonly CardEffect[] = ['ships', 'colonists', 'ducats', 'spices', 'sellSpices'];

function freeCardUsable(p: GoaPlayer, effect: CardEffect): boolean {
  if (!FREE_EFFECTS.includes(effect)) return false;
  if (effect === 'spices') return emptyFields(p) > 0;
  if (effect === 'sellSpices') return totalSpices(p) > 0;
  return true;
}

const cardsWith = (p: GoaPlayer, effect: CardEffect) => p.hand.filter((id) => CARDS[id]!.effect === effect);

function playableCards(s: GoaState, p: GoaPlayer, only?: CardEffect): GoaCommand[] {
  if (s.cardPlayed) return [];
  return p.hand
    .filter((id) => freeCardUsable(p, CARDS[id]!.effect) && (!only || CARDS[id]!.effect === only))
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

function usableTiles(s: GoaState, p: GoaPlayer, only?: readonly string[]): GoaCommand[] {
  return p.tiles
    .filter((t) => !t.used && (!only || only.includes(t.kind)) && tileUsable(s, p, t.kind))
    .map((t) => ({ type: 'useTile', tile: t.id }));
}

function actionOptions(s: GoaState, p: GoaPlayer): GoaCommand[] {
  const out: GoaCommand[] = [];
  const cards = (effect: CardEffect) => (s.cardPlayed ? [] : cardsWith(p, effect));
  for (const column of COLUMNS) {
    if (p.rows[column] >= lastRow) continue;
    const spices = progressCost(p, column);
    // One command per way to take the spices, when there is more than one.
    const paying = (card?: string): GoaCommand[] => {
      const ways = spiceSources(p, spices);
      const base = { type: 'progress' as const, column, ...(card ? { card } : {}) };
      return ways.length > 1 ? ways.map((from) => ({ ...base, from })) : [base];
    };
    if (hasSpices(p, spices) && p.ships >= spices.length) out.push(...paying());
    for (const card of cards('progressShips')) if (p.ships >= spices.length) out.push({ type: 'progress', column, card });
    for (const card of cards('progressSpices')) if (hasSpices(p, spices)) out.push(...paying(card));
    for (const card of cards('progressDucats')) if (p.ducats >= CARDS[card]!.ducats!) out.push({ type: 'progress', column, card });
  }
  out.push({ type: 'buildShips' });
  if (emptyFields(p) > 0) out.push({ type: 'harvest' });
  for (const card of cards('harvestMix')) out.push({ type: 'harvest', card });
  out.push({ type: 'taxes' });
  if (cardsLeft(s) > 0) out.push({ type: 'expedition' });
  for (const colony of COLONIES) {
    if (p.colonies[colony] || !s.colonyTiles.some((id) => COLONY_TILES[id]!.colony === colony)) continue;
    out.push({ type: 'foundColony', colony });
    for (const card of cards('colonyCard')) out.push({ type: 'foundColony', colony, card });
  }
  return out;
}

function turnOptions(s: GoaState, seat: Seat): GoaCommand[] {
  const p = s.seats[seat]!;
  return [
    ...(s.acted ? [] : actionOptions(s, p)),
    ...playableCards(s, p),
    ...usableTiles(s, p),
    ...p.hand.map((card): GoaCommand => ({ type: 'discardCard', card })),
    ...(s.acted ? [{ type: 'endTurn' } as const] : []),
  ];
}

/** The colony tiles a seat may take: each Quilon and Madras tile, one of the identical Cochin and Calicut ones. */
export function colonyChoices(s: GoaState, colony: string): GoaCommand[] {
  const tiles = s.colonyTiles.map((id) => COLONY_TILES[id]!).filter((t) => t.colony === colony);
  const distinct = colony === 'cochin' || colony === 'calicut' ? tiles.slice(0, 1) : tiles;
  return distinct.flatMap((t) => t.spices.map((spice) => ({ type: 'chooseColony' as const, tile: t.id, spice })));
}

function pendingOptions(s: GoaState, pending: Pending): GoaCommand[] {
  const p = s.seats[pending.seat]!;
  const take = (...what: ('ships' | 'colonists' | 'spices')[]) => what.map((w): GoaCommand => ({ type: 'take', what: w }));
  switch (pending.kind) {
    case 'placeSpices':
      return [
        ...spotsOf(p)
          .filter((x) => x.filled < x.fields)
          .map((x): GoaCommand => ({ type: 'placeSpice', spot: x.tile })),
        ...(pending.optional ? [{ type: 'done' } as const] : []),
      ];
    case 'extraHarvest':
      return [
        ...spotsOf(p)
          .filter((x) => x.filled < x.fields)
          .map((x): GoaCommand => ({ type: 'placeSpice', spot: x.tile })),
        { type: 'done' },
      ];
    case 'removeSpices':
      return [
        ...spotsOf(p)
          .filter((x) => x.filled > 0)
          .map((x): GoaCommand => ({ type: 'removeSpice', spot: x.tile })),
        ...(pending.reason === 'sell' ? [{ type: 'done' } as const] : []),
      ];
    case 'discardPlantation':
      return p.plantations.map((x) => ({ type: 'discardPlantation', spot: x.tile }));
    case 'shipsOrColonists':
      return take('ships', 'colonists');
    case 'harvestMix':
    case 'resupply':
      return emptyFields(p) > 0 ? take('ships', 'colonists', 'spices') : take('ships', 'colonists');
    case 'colony': {
      const needed = DATA.colonistsNeeded.value[pending.colony];
      return [
        ...(pending.base + p.colonists >= needed ? [{ type: 'recruitColonists' } as const] : []),
        { type: 'abandonColony' },
        ...usableTiles(s, p, ['colonist', 'espionage']),
        ...playableCards(s, p, 'colonists'),
      ];
    }
    case 'colonyTile':
      return colonyChoices(s, pending.colony);
    case 'expedition':
      return [
        ...(p.hand.length <= handLimit(p) ? [{ type: 'drawCard' } as const] : []),
        ...playableCards(s, p),
        ...p.hand.map((card): GoaCommand => ({ type: 'discardCard', card })),
      ];
    case 'viceKing':
      return pending.columns.map((column) => ({ type: 'chooseColumn', column }));
    case 'espionage': {
      const founding = s.pending.some((x) => x.kind === 'colony');
      type Spied = Extract<GoaCommand, { type: 'spy' }>['column'];
      const columns: Spied[] = [
        'ships',
        'taxes',
        ...(emptyFields(p) > 0 ? (['harvest'] as const) : []),
        ...(founding ? (['colonists'] as const) : []),
      ];
      return s.seats.flatMap((_, other) =>
        other === pending.seat ? [] : columns.map((column): GoaCommand => ({ type: 'spy', seat: other, column })),
      );
    }
    case 'variant':
      return [
        { type: 'startWithDucats' },
        ...COLUMNS.flatMap((a, i) => COLUMNS.slice(i + 1).map((b): GoaCommand => ({ type: 'startWithRows', columns: [a, b] }))),
      ];
    case 'swap':
      return s.grid.flatMap((row, r) => row.flatMap((t, c): GoaCommand[] => (t ? [{ type: 'swapWith', r, c }] : [])));
  }
}
