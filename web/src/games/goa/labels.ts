/**
 * Goa in words: tiles, expedition cards, places on the grid and every command with what it costs
 * or brings, from the view and the rulebook's numbers (the game's data module).
 */
import type { GoaCommand } from '../../../../domain/games/goa/commands';
import {
  CARDS,
  COLONY_NAMES,
  COLONY_TILES,
  COLUMN_NAMES,
  DATA,
  TILES,
  type CardEffect,
  type Column,
  type Tile,
} from '../../../../domain/games/goa/data';
import { spaceText, tileName } from '../../../../domain/games/goa/log';
import type { GoaView } from '../../../../domain/games/goa/view';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const ducats = (n: number) => plural(n, 'ducat');
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const place = (r: number, c: number) => `row ${r + 1}, column ${c + 1}`;

/** A space without a tile: an edge space (by the row or column it lies beside) or a square whose tile was taken. */
export function edgeText(r: number, c: number): string {
  const size = DATA.gridSize.value;
  return r >= 0 && r < size && c >= 0 && c < size ? `the empty space at ${place(r, c)}` : spaceText(r, c);
}

const KIND_SHORT: Record<string, string> = {
  ship: 'Ship',
  colonist: 'Colonist',
  spice: 'Spice',
  ducats: 'Ducats',
  duty: 'Duty',
  extraActions: 'Extra actions',
  expeditions: 'Expeditions',
  ships: 'Ships',
  colonists: 'Colonists',
  shipsOrColonists: 'Ships or colonists',
  settlement: 'Settlement',
  mission: 'Mission',
  swap: 'Swap',
  espionage: 'Espionage',
  extraHarvest: 'Extra harvest',
  resupply: 'Re-supply',
  viceKing: 'Vice-king',
};

/** What a tile does, short enough for its square on the grid: two lines. */
export function tileLines(t: Tile): [string, string] {
  if (t.kind === 'plantation') return [capital(t.spice!), `plantation ×${t.fields}`];
  const a = DATA.tileAmounts.value[t.kind];
  const what: Record<string, string> = {
    ship: 'each round: 1 ship',
    colonist: 'each round: 1',
    spice: 'each round: 1',
    ducats: `each round: ${a ?? 4}`,
    duty: '6 spices → 4 VP',
    extraActions: `${a ?? 2} action cards`,
    expeditions: `${t.amount ?? 2} cards`,
    ships: `${a ?? 4} ships`,
    colonists: `${a ?? 4} colonists`,
    shipsOrColonists: `${a ?? 3} of either`,
    settlement: 'ship, card, colonist',
    mission: t.amount ? `${t.amount} VP` : 'VP at the end',
    swap: 'trade for a tile',
    espionage: 'see a column',
    extraHarvest: `fill up to ${a ?? 3}`,
    resupply: '2 cards\u2019 colonists',
    viceKing: 'a free step',
  };
  return [KIND_SHORT[t.kind] ?? t.kind, what[t.kind] ?? ''];
}

/** A tile in a sentence: "a double clove plantation", "the Ships tile". */
export const tileText = (id: string) => (TILES[id] ? tileName(id) : 'a tile');

/** A spot on a supply board (a plantation or a founded colony) in words. */
export function spotText(id: string): string {
  const colony = COLONY_TILES[id];
  return colony ? `the colony ${COLONY_NAMES[colony.colony]}` : tileText(id);
}

const EFFECTS: Record<CardEffect, (ducats?: number) => string> = {
  ships: () => `take ${DATA.cardEffects.value.ships} ships`,
  colonists: () => `take ${DATA.cardEffects.value.colonists} colonists`,
  ducats: () => `take ${DATA.cardEffects.value.ducats} ducats`,
  spices: () => `up to ${DATA.cardEffects.value.spices} spices of your choice`,
  sellSpices: () => `sell spices for ${DATA.cardEffects.value.sellSpices} ducats each`,
  harvestMix: () => 'harvest ships, colonists and spices mixed',
  colonyCard: () => 'founding a colony: draw 1 more card',
  progressShips: () => 'progress paying only the ships',
  progressSpices: () => 'progress paying only the spices',
  progressDucats: (d) => `progress paying ${d ?? '?'} ducats instead`,
};

/** An expedition card: its effect, and the colonists and symbol printed on it. */
export function cardText(id: string): string {
  const c = CARDS[id];
  if (!c) return 'an expedition card';
  return `${capital(EFFECTS[c.effect](c.ducats))} (${plural(c.colonists, 'colonist')}, ${c.symbol})`;
}

/** What progress in a column costs the seat now: spices and as many ships. */
export function progressText(view: GoaView, seat: number, column: Column): string {
  const p = view.players[seat]!;
  const row = p.rows[column];
  const spices = DATA.progressCost.value[column][row] ?? [];
  return `${capital(COLUMN_NAMES[column])} to row ${row + 2}: ${spices.join(', ')} and ${plural(spices.length, 'ship')}`;
}

/** Where the spices of a progress come from: "pepper from the colony Quilon and 2 clove from …". */
function sourcesText(from: readonly string[], view: GoaView, seat: number): string {
  const p = view.players[seat]!;
  const spots = [...p.plantations, ...Object.values(p.colonies).flatMap((x) => (x ? [x] : []))];
  const parts = [...new Set(from)].map((spot) => {
    const n = from.filter((x) => x === spot).length;
    const spice = spots.find((x) => x.tile === spot)?.spice ?? 'spice';
    return `${n > 1 ? `${n} ` : ''}${spice} from ${spotText(spot)}`;
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

function colonyText(view: GoaView, seat: number, colony: keyof typeof COLONY_NAMES): string {
  return `Found ${COLONY_NAMES[colony]} — needs ${DATA.colonistsNeeded.value[colony]} colonists (you have ${view.players[seat]!.colonists}, plus cards drawn)`;
}

export function commandLabel(c: GoaCommand, view: GoaView, seat: number, names: readonly string[]): string {
  const p = view.players[seat]!;
  const at = (r: number, c2: number) => {
    const t = view.grid[r]?.[c2];
    return t ? `${tileName(t.id)} (${place(r, c2)})` : edgeText(r, c2);
  };
  switch (c.type) {
    case 'placeFlag':
      return `Place the flag by ${at(c.r, c.c)}`;
    case 'placeMarker':
      return `Place your auction marker on ${at(c.r, c.c)}`;
    case 'bid':
      return `Bid ${ducats(c.amount)}`;
    case 'pass':
      return 'Pass';
    case 'progress': {
      const sources = c.from ? `, taking ${sourcesText(c.from, view, seat)}` : '';
      return `${c.card ? `With ${cardText(c.card)}: ` : ''}advance ${c.card ? COLUMN_NAMES[c.column] : progressText(view, seat, c.column)}${sources}`;
    }
    case 'buildShips':
      return `Build ships — take ${plural(p.yields.ships, 'ship')}`;
    case 'harvest':
      return c.card
        ? `Harvest a mixture (${cardText(c.card)}) — ${plural(p.yields.harvest, 'item')}`
        : `Harvest — ${plural(p.yields.harvest, 'spice')} onto empty fields`;
    case 'taxes':
      return `Collect taxes — ${ducats(p.yields.taxes)}`;
    case 'expedition':
      return `Expedition — draw ${plural(p.yields.expedition, 'card')}`;
    case 'foundColony':
      return `${c.card ? `With ${cardText(c.card)}: ` : ''}${colonyText(view, seat, c.colony)}`;
    case 'playCard':
      return `Play: ${cardText(c.card)}`;
    case 'useTile':
      return `Use ${tileText(c.tile)}`;
    case 'discardCard':
      return `Discard: ${cardText(c.card)}`;
    case 'endTurn':
      return 'End your turn';
    case 'placeSpice':
      return `Put a spice on ${spotText(c.spot)}`;
    case 'removeSpice':
      return `Return a spice from ${spotText(c.spot)}`;
    case 'discardPlantation':
      return `Discard ${spotText(c.spot)}`;
    case 'take':
      return `Take ${c.what}`;
    case 'drawCard':
      return 'Draw an expedition card';
    case 'recruitColonists':
      return 'Add colonists from your hand to the recruits';
    case 'abandonColony':
      return 'Give up founding the colony';
    case 'chooseColony': {
      const t = COLONY_TILES[c.tile];
      return `Take ${t ? COLONY_NAMES[t.colony] : 'the colony'} growing ${c.spice}${t ? ` (${plural(t.fields, 'field')})` : ''}`;
    }
    case 'chooseColumn':
      return `Move the ${COLUMN_NAMES[c.column]} marker down a row for free`;
    case 'spy':
      return `Look at what ${names[c.seat] ?? `seat ${c.seat + 1}`} has in ${COLUMN_NAMES[c.column]}`;
    case 'swapWith':
      return `Swap your Swap tile for ${at(c.r, c.c)}`;
    case 'done':
      return 'Done';
    case 'extraAction':
      return 'Play an additional action card: take one more action';
    case 'startWithDucats':
      return `Start with ${ducats(DATA.variant.value.ducats)} more`;
    case 'startWithRows':
      return `Start with the ${COLUMN_NAMES[c.columns[0]]} and ${COLUMN_NAMES[c.columns[1]]} markers in row 2`;
  }
}

const STAGES: Record<GoaView['stage'], string> = {
  markers: 'placing the flag and markers',
  auctions: 'auctions',
  actions: 'actions',
  extra: 'additional actions',
  over: 'game over',
};

export function stageText(view: GoaView): string {
  return `Part ${view.part} · round ${view.round} of ${view.rounds} · ${STAGES[view.stage]}${view.stage === 'actions' ? ` (set ${view.actionSet} of 3)` : ''}`;
}

/** What the seat is asked now, in a sentence. */
export function prompt(view: GoaView, seat: number | null, names: readonly string[]): string {
  if (view.final) return 'The game is over.';
  if (seat === null || !view.activeSeats.includes(seat))
    return `Waiting for ${view.activeSeats.map((s) => names[s]).join(', ') || 'the game'}.`;
  const pend = view.pending;
  if (pend) {
    const steps: Record<string, string> = {
      placeSpices: 'Put spices on empty fields of your plantations and colonies.',
      removeSpices: pend.kind === 'removeSpices' && pend.reason === 'duty' ? 'Return spices for the Duty.' : 'Return spices to sell them.',
      discardPlantation: 'You have too many plantations: discard one.',
      shipsOrColonists: 'Take ships or colonists.',
      colony: 'Found the colony: add colonists, draw, or give up.',
      colonyTile: 'Choose the colony tile and the spice it grows.',
      harvestMix: 'Harvest a mixture: take ships, colonists or spices one at a time.',
      expedition: 'Your hand is full: play or discard a card first, then draw.',
      viceKing: 'Vice-king: choose the column to move down for free.',
      resupply: 'Re-supply: take ships, colonists or spices.',
      espionage: 'Espionage: choose whose column to look at.',
      swap: 'Swap: choose the tile to take.',
      extraHarvest: 'Extra harvest: fill plantations or colonies.',
      variant:
        'Before the game begins (rule variant): take 10 ducats, or move two of your markers to row 2 (click two column names on the progress board).',
    };
    return steps[pend.kind] ?? 'Finish your choice.';
  }
  switch (view.stage) {
    case 'markers':
      return 'Place the flag or your auction marker on the grid.';
    case 'auctions':
      return view.auction ? `Bid for ${view.auction.tile ? tileName(view.auction.tile.id) : 'the flag'}, or pass.` : 'Your auction.';
    case 'actions':
      return view.acted ? 'You may play a card or a tile, then end your turn.' : 'Your turn: take one action (cards and tiles may help).';
    case 'extra':
      return 'Additional actions: play a card for one more action, or pass.';
    default:
      return 'Your turn.';
  }
}
