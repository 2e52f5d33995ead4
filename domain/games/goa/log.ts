/** One sentence per event. Nothing hidden is named: drawn cards are counted, not shown. */
import type { Seat } from '../../engine/contract';
import { plural } from '../../engine/words';
import { COLONY_NAMES, COLONY_TILES, DATA, TILES } from './data';
import type { GoaEvent } from './events';
import type { Pos } from './types';

/** A grid space in words, counted from 1 as the board screen counts them; an edge space by the row or column it lies beside. */
export function spaceText(r: number, c: number): string {
  const size = DATA.gridSize.value;
  if (r >= 0 && r < size && c >= 0 && c < size) return `row ${r + 1}, column ${c + 1}`;
  if (r < 0) return `the top edge above column ${c + 1}`;
  if (r >= size) return `the bottom edge below column ${c + 1}`;
  return c < 0 ? `the left edge beside row ${r + 1}` : `the right edge beside row ${r + 1}`;
}
const place = (pos: Pos) => spaceText(pos.r, pos.c);

/** A tile's name as printed: "a double clove plantation", "the Ships tile". */
/** A plantation or a colony of a seat's supply board. */
const spotName = (id: string): string => (COLONY_TILES[id] ? COLONY_NAMES[COLONY_TILES[id]!.colony] : tileName(id));

export function tileName(id: string): string {
  const t = TILES[id]!;
  if (t.kind === 'plantation') return `a ${['', 'single', 'double', 'triple'][t.fields!]} ${t.spice} plantation`;
  const names: Record<string, string> = {
    ship: 'Ship',
    colonist: 'Colonist',
    spice: 'Spice',
    ducats: 'Ducats',
    duty: 'Duty',
    extraActions: 'Additional actions',
    expeditions: 'Expeditions',
    ships: 'Ships',
    colonists: 'Colonists',
    shipsOrColonists: 'Ships/Colonists',
    settlement: 'Settlement',
    mission: 'Mission',
    swap: 'Swap',
    espionage: 'Espionage',
    extraHarvest: 'Extra harvest',
    resupply: 'Re-supply',
    viceKing: 'Vice-king',
  };
  return `the ${names[t.kind]} tile`;
}

function gained(e: Extract<GoaEvent, { type: 'Gained' }>): string {
  const parts: string[] = [];
  const add = (n: number | undefined, what: string) => n && parts.push(n > 0 ? `takes ${plural(n, what)}` : `pays ${plural(-n, what)}`);
  add(e.ships, 'ship');
  add(e.colonists, 'colonist');
  add(e.ducats, 'ducat');
  add(e.extraActions, 'additional action card');
  if (e.short) parts.push(`finds ${e.extraActions ? 'no more' : 'no'} additional action card in the supply`);
  return `${parts.join(' and ')} (${e.reason})`;
}

export function describe(e: GoaEvent, names: readonly string[]): string {
  const n = (seat: Seat) => names[seat] ?? `Seat ${seat + 1}`;
  switch (e.type) {
    case 'GameSetUp':
      return `A game for ${e.players} players is set up: ${n(e.flag)} drew the tiger card and starts with the flag`;
    case 'FlagPlaced':
      return `${n(e.seat)} places the flag at ${place(e.pos)}`;
    case 'MarkerPlaced':
      return `${n(e.seat)} places auction marker ${e.number} at ${place(e.pos)}`;
    case 'AuctionOpened':
      return `${n(e.auctioneer)} auctions ${e.tile ? tileName(e.tile) : 'the flag'}`;
    case 'Bid':
      return `${n(e.seat)} bids ${plural(e.amount, 'ducat')}`;
    case 'Passed':
      return `${n(e.seat)} passes`;
    case 'AuctionWon': {
      const what = e.tile ? tileName(e.tile) : 'the flag';
      if (e.amount === 0) return `${n(e.seat)} takes ${what} for nothing`;
      return `${n(e.seat)} buys ${what} for ${plural(e.amount, 'ducat')}, paid to ${e.seat === e.auctioneer ? 'the bank' : n(e.auctioneer)}`;
    }
    case 'Gained':
      return `${n(e.seat)} ${gained(e)}`;
    case 'TileKept':
      return `${n(e.seat)} keeps ${TILES[e.tile]!.kind === 'mission' ? 'a Mission tile face down' : tileName(e.tile)}`;
    case 'PlantationPlaced':
      return `${n(e.seat)} places ${tileName(e.tile)} on the supply board, filled with spices`;
    case 'PlantationDiscarded':
      return `${n(e.seat)} discards ${tileName(e.spot)}${e.keptSingle ? ', keeping it face down for 1 VP' : ''}`;
    case 'SpicesPlaced':
      return `${n(e.seat)} puts ${plural(e.count, 'spice')} on ${spotName(e.spot)}`;
    case 'SpicesRemoved': {
      const total = plural(
        e.spots.reduce((k, x) => k + x.count, 0),
        'spice',
      );
      const from =
        e.spots.length === 1
          ? ` from ${spotName(e.spots[0]!.spot)}`
          : `: ${e.spots.map((x) => `${x.count} from ${spotName(x.spot)}`).join(', ')}`;
      return `${n(e.seat)} returns ${total}${from} (${e.reason})`;
    }
    case 'PendingStarted':
    case 'PendingUpdated':
    case 'PendingEnded':
      return '';
    case 'CardsDrawn':
      return `${n(e.seat)} draws ${plural(e.cards.length, 'expedition card')}${e.to === 'table' ? ' face up' : ''} (${e.reason})${e.reshuffled ? ', after the discards are shuffled into a new deck' : ''}`;
    case 'CardDiscarded':
      return e.from === 'hand' ? `${n(e.seat)} discards an expedition card` : '';
    case 'CardPlayed':
      return `${n(e.seat)} plays an expedition card`;
    case 'ActionTaken':
      return `${n(e.seat)} takes the action: ${e.action.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`;
    case 'Progressed': {
      const paid = [
        ...(e.spices.length ? [e.spices.join(', ')] : []),
        ...(e.ships ? [plural(e.ships, 'ship')] : []),
        ...(e.ducats ? [plural(e.ducats, 'ducat')] : []),
      ];
      return `${n(e.seat)} moves the ${e.column} marker to row ${e.row + 1}${paid.length ? `, paying ${paid.join(' and ')}` : ' for free'}`;
    }
    case 'FirstToReach':
      return `${n(e.seat)} is the first to reach row ${e.row + 1} in ${e.column} and draws an expedition card`;
    case 'AllRowsReached':
      return `${n(e.seat)} has every success marker in row ${e.row + 1} or lower`;
    case 'ColonistsRecruited':
      return `${n(e.seat)} recruits for ${COLONY_NAMES[e.colony]}: ${e.counted} counted${e.paid ? `, ${plural(e.paid, 'colonist')} paid from hand` : ''}`;
    case 'ColonyFounded':
      return `${n(e.seat)} founds ${COLONY_NAMES[e.colony]}, growing ${e.spice}`;
    case 'ColonyFailed':
      return `${n(e.seat)} fails to found ${COLONY_NAMES[e.colony]} (needs ${e.needed})`;
    case 'TileUsed':
      return `${n(e.seat)} uses ${tileName(e.tile)}`;
    case 'Swapped':
      return `${n(e.seat)} swaps ${tileName(e.swap)} for ${tileName(e.tile)} at ${place(e.pos)}`;
    case 'DutyDone':
      return `${n(e.seat)} fulfils the Duty (4 VP)`;
    case 'TurnEnded':
      return `${n(e.seat)} ends the turn`;
    case 'ExtraStarted':
      return `${n(e.seat)} plays an additional action card`;
    case 'ExtraPassed':
      return `${n(e.seat)} takes no more additional actions this round`;
    case 'RoundEnded':
      return `Round ${e.round} of part ${e.part} ends`;
    case 'PartStarted':
      return 'Part B begins: 25 B tiles fill the playing area';
    case 'GameEnded': {
      const best = [...e.scores].sort((a, b) => a.rank - b.rank)[0]!;
      return `The game ends: ${e.scores.map((x) => `${n(x.seat)} ${x.total} VP`).join(', ')} — ${n(best.seat)} wins`;
    }
  }
}
