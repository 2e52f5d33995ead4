/**
 * Every component number of Goa, each tagged with its source and where the rulebook (the English
 * edition by Rio Grande Games) says it; docs/games/goa.md lists them all (generated from this
 * file), why each reconstruction was chosen, and the rulings. Rules code reads
 * `DATA.<item>.value`; replacing a reconstructed value is an edit to this file alone.
 */
import { reconstructed, rulebook, ruling } from '../../engine/sourced';

export const SPICES = ['clove', 'cinnamon', 'ginger', 'nutmeg', 'pepper'] as const;
export type Spice = (typeof SPICES)[number];

/** Development board columns, left to right. */
export const COLUMNS = ['ships', 'harvest', 'taxes', 'expedition', 'colonists'] as const;
export type Column = (typeof COLUMNS)[number];
export const COLUMN_NAMES: Record<Column, string> = {
  ships: 'ships',
  harvest: 'harvest',
  taxes: 'taxes',
  expedition: 'expedition',
  colonists: 'colonists',
};

export const COLONIES = ['quilon', 'cochin', 'madras', 'calicut'] as const;
export type ColonyName = (typeof COLONIES)[number];
export const COLONY_NAMES: Record<ColonyName, string> = { quilon: 'Quilon', cochin: 'Cochin', madras: 'Madras', calicut: 'Calicut' };

export const SYMBOLS = ['tiger', 'fish', 'palm', 'shell', 'statue'] as const;
export type Symbol = (typeof SYMBOLS)[number];

/** What an expedition card does when played ("A": only with that action). */
export const CARD_EFFECTS = [
  'ships', // take 2 ships
  'colonists', // take 2 colonists
  'ducats', // take 5 ducats
  'spices', // up to 2 spices of choice onto empty fields
  'sellSpices', // return spices for 3 ducats each
  'harvestMix', // A harvest: a mixture of ships, colonists and spices instead of spices
  'colonyCard', // A found colony: draw 1 extra expedition card
  'progressShips', // A progress: spend only the ships
  'progressSpices', // A progress: spend only the spices
  'progressDucats', // A progress: pay ducats instead of ships and spices
] as const;
export type CardEffect = (typeof CARD_EFFECTS)[number];

export interface ExpeditionCard {
  id: string;
  effect: CardEffect;
  colonists: number;
  symbol: Symbol;
  /** The price of a progressDucats card. */
  ducats?: number;
}

export type TileKind =
  | 'plantation' // spice fields on the supply board
  | 'ship' // once per round: 1 ship
  | 'colonist' // once per round: 1 colonist
  | 'spice' // once per round: 1 spice of choice
  | 'ducats' // once per round: 4 ducats
  | 'duty' // once: 6 spices for 4 VP
  | 'extraActions' // at once: 2 additional action cards
  | 'expeditions' // at once: 2 or 3 expedition cards
  | 'ships' // at once: 4 ships
  | 'colonists' // at once: 4 colonists
  | 'shipsOrColonists' // at once: 3 ships or 3 colonists
  | 'settlement' // at once: 1 ship, 1 additional action card, 1 colonist
  | 'mission' // 2 or 3 VP at the end
  | 'swap' // once: trade it for a tile in the playing area
  | 'espionage' // once: an opponent's column amount
  | 'extraHarvest' // once: fill up to 3 plantations/colonies
  | 'resupply' // once: 2 cards' colonists as spices, colonists or ships
  | 'viceKing'; // once: the highest success marker one row down for free

export interface Tile {
  id: string;
  kind: TileKind;
  spice?: Spice;
  fields?: number;
  /** Cards of an expeditions tile, VP of a mission. */
  amount?: number;
}

export interface ColonyTile {
  id: string;
  colony: ColonyName;
  /** The spices the colony may hold (one is chosen when founded). */
  spices: readonly Spice[];
  fields: number;
}

const abbr: Record<string, Spice> = { Cl: 'clove', G: 'ginger', Ci: 'cinnamon', P: 'pepper', N: 'nutmeg' };
const cost = (spec: string) => spec.split('+').map((a) => abbr[a]!);

function plantations(part: 'A' | 'B', fields: readonly number[]): Tile[] {
  return SPICES.flatMap((spice) =>
    fields.map((f, i) => ({ id: `${part}-${spice}-${f}${i}`, kind: 'plantation' as const, spice, fields: f })),
  );
}

function tiles(part: 'A' | 'B', list: [TileKind, number?][]): Tile[] {
  return list.map(([kind, amount], i) => ({ id: `${part}-${kind}-${i}`, kind, ...(amount === undefined ? {} : { amount }) }));
}

function expeditionCards(): ExpeditionCard[] {
  const ducats = [6, 8, 10];
  return CARD_EFFECTS.flatMap((effect, k) =>
    [1, 2, 3].map((colonists) => ({
      id: `x-${effect}-${colonists}`,
      effect,
      colonists,
      // Each symbol gets two cards of each colonist value.
      symbol: SYMBOLS[(k + colonists) % SYMBOLS.length]!,
      ...(effect === 'progressDucats' ? { ducats: ducats[colonists - 1]! } : {}),
    })),
  );
}

export const DATA = {
  rounds: rulebook(4, '"Each part runs for 4 rounds."', 'Playing the game'),
  gridSize: rulebook(
    5,
    'A 5 × 5 grid of tiles; 25 of the 27 tiles of a part are placed, 2 go back unseen.',
    'Preparation; Playing the game (part B)',
  ),
  markersByPlayers: rulebook(
    { 2: 3, 3: 4, 4: 5 } as Readonly<Record<number, number>>,
    'Auction markers 1–3 with 2 players, 1–4 with 3, 1–5 with 4.',
    'Preparation; I. Place auction markers',
  ),
  startingShips: rulebook(4, '"Each player takes cards worth 4 ships and 2 colonists."', 'Preparation'),
  startingColonists: rulebook(2, '"Each player takes cards worth 4 ships and 2 colonists."', 'Preparation'),
  startingDucats: rulebook(
    { first: 7, others: 10 },
    '"He takes the flag and 7 ducats. The other players each take 10 ducats."',
    'Preparation',
  ),
  keepAdditionalActions: rulebook(1, '"Each player may keep only 1 additional action card."', 'End of a round'),
  variant: rulebook(
    { markers: 2, row: 1, ducats: 10 },
    'Rule variant: "each player, starting with the starting player …, moves 2 of his success markers to the second row … or takes 10 ducats from the bank."',
    'Rule variant',
  ),
  additionalActionCards: rulebook(
    10,
    'Components: "10 additional action cards"; used ones go back to the supply.',
    'Contents; End of a round',
  ),
  maxPlantations: rulebook(
    4,
    '"If the player already has 4 plantations on his supply board, he must discard one."',
    'Description of the tiles: Plantation',
  ),
  colonistsNeeded: rulebook(
    { quilon: 6, cochin: 8, madras: 10, calicut: 12 } as Readonly<Record<ColonyName, number>>,
    '"6 colonists for Quilon, 8 colonists for Cochin, 10 colonists for Madras, and 12 colonists for Calicut."',
    '6. Found colony',
  ),
  colonyDraws: rulebook(2, '"he draws 2 expedition cards from the stack and counts the number of colonists shown"', '6. Found colony'),
  rowVp: rulebook([0, 1, 3, 6, 10] as const, 'Success markers: 1st row 0 VP, 2nd 1, 3rd 3, 4th 6, 5th 10.', 'The scoring'),
  colonyVp: rulebook([0, 1, 3, 6, 10] as const, 'Colonies founded: 1 → 1 VP, 2 → 3, 3 → 6, 4 → 10.', 'The scoring'),
  symbolVp: rulebook(
    [0, 1, 3, 6, 10, 15, 20] as const,
    'Like expedition symbols: 1 → 1 VP, 2 → 3, 3 → 6, 4 → 10, 5 → 15, 6 → 20.',
    'The scoring',
  ),
  mostMoneyVp: rulebook(3, '"The player with the most money earns 3 victory points"; all tied players do.', 'The scoring'),
  singlePlantationVp: rulebook(
    1,
    '"per plantation 1 VP" (single-field plantations, also those kept face down).',
    'The scoring; Description of the tiles: Plantation',
  ),
  dutyVp: rulebook(
    4,
    '"The player can earn 4 victory points by taking any 6 spice sacks … placing them in the supply."',
    'The scoring; Description of the tiles: Duty',
  ),
  dutySpices: rulebook(6, 'Duty: any 6 spice sacks.', 'Description of the tiles: Duty'),
  cardEffects: rulebook(
    { ships: 2, colonists: 2, ducats: 5, spices: 2, sellSpices: 3 } as Readonly<Partial<Record<CardEffect, number>>>,
    'Expedition cards: 2 ships; 2 colonists; 5 ducats; up to 2 spices; 3 ducats per spice returned.',
    'The expedition cards',
  ),
  tileAmounts: rulebook(
    {
      ship: 1,
      colonist: 1,
      spice: 1,
      ducats: 4,
      ships: 4,
      colonists: 4,
      shipsOrColonists: 3,
      extraActions: 2,
      extraHarvest: 3,
      resupply: 2,
    } as Readonly<Partial<Record<TileKind, number>>>,
    'Ship 1, Colonist 1, Spice 1, Ducats 4 (once per round); Ships 4, Colonists 4, Ships/colonists 3, Additional actions 2; Extra harvest up to 3; Re-supply draws 2.',
    'Description of the tiles',
  ),
  rowValues: reconstructed(
    {
      ships: [1, 2, 3, 4, 5],
      harvest: [1, 2, 3, 4, 5],
      taxes: [4, 5, 6, 7, 8],
      expedition: [1, 1, 2, 2, 3],
      colonists: [0, 1, 2, 3, 4],
    } as Readonly<Record<Column, readonly number[]>>,
    'Development rows 1–5: ships 1-2-3-4-5; harvest 1-2-3-4-5; taxes 4-5-6-7-8; expedition draws 1-1-2-2-3; colonists 0-1-2-3-4.',
    '2. Build ships, 3. Harvest, 4. Taxes, 5. Expedition and 6. Found colony, and their examples; the example round',
  ),
  handLimits: reconstructed(
    [1, 2, 3, 4, 5] as const,
    'Expedition hand limit by row: 1, 2, 3, 4, 5.',
    '5. Expedition, and its two examples',
  ),
  progressCost: reconstructed(
    {
      ships: ['G', 'G+Ci', 'G+Ci+P', 'G+Ci+P+N'].map(cost),
      colonists: ['Cl', 'Cl+G', 'Cl+G+Ci', 'Cl+G+Ci+P'].map(cost),
      taxes: ['Ci', 'Ci+P', 'Ci+P+N', 'Ci+P+N+Cl'].map(cost),
      harvest: ['P', 'P+N', 'P+N+Cl', 'P+N+Cl+G'].map(cost),
      expedition: ['N', 'N+Cl', 'N+Cl+G', 'N+Cl+G+Ci'].map(cost),
    } as Readonly<Record<Column, readonly (readonly Spice[])[]>>,
    'Progress from row r to r+1 costs these spices plus 1 ship per spice: ships G; G+Ci; G+Ci+P; G+Ci+P+N — colonists Cl; Cl+G; … — taxes Ci; Ci+P; … — harvest P; P+N; … — expedition N; N+Cl; … (Cl clove, G ginger, Ci cinnamon, P pepper, N nutmeg).',
    '1. Progress on the development board, and its example; the example round',
  ),
  tilesA: reconstructed(
    [
      ...plantations('A', [1, 2, 2]),
      ...tiles('A', [
        ['ship'],
        ['ducats'],
        ['colonist'],
        ['spice'],
        ['duty'],
        ['extraActions'],
        ['expeditions', 2],
        ['ships'],
        ['colonists'],
        ['settlement'],
        ['shipsOrColonists'],
        ['shipsOrColonists'],
      ]),
    ] as readonly Tile[],
    '27 A tiles: a single and two double plantations per spice, Ship, Ducats, Colonist, Spice, Duty, Additional actions, Expeditions (2 cards), Ships, Colonists, Settlement, 2 × Ships/Colonists.',
    'Contents (27 tiles with back A); Description of the tiles (each marked A, B or A+B); the example round',
  ),
  tilesB: reconstructed(
    [
      ...plantations('B', [2, 3]),
      ...tiles('B', [
        ['extraHarvest'],
        ['swap'],
        ['mission', 2],
        ['mission', 2],
        ['mission', 3],
        ['espionage'],
        ['espionage'],
        ['resupply'],
        ['viceKing'],
        ['duty'],
        ['ships'],
        ['colonists'],
        ['shipsOrColonists'],
        ['shipsOrColonists'],
        ['settlement'],
        ['extraActions'],
        ['expeditions', 3],
      ]),
    ] as readonly Tile[],
    '27 B tiles: a double and a triple plantation per spice, Extra harvest, Swap, 2 × Mission 2 VP, Mission 3 VP, 2 × Espionage, Re-supply, Vice-king, Duty, Ships, Colonists, 2 × Ships/Colonists, Settlement, Additional actions, Expeditions (3 cards).',
    'Contents (27 tiles with back B); Description of the tiles (each marked A, B or A+B)',
  ),
  colonyTiles: reconstructed(
    [
      ...['Cl+G', 'G+Ci', 'Ci+P', 'P+N', 'N+Cl'].map((pair, i) => ({
        id: `quilon-${i}`,
        colony: 'quilon' as const,
        spices: cost(pair),
        fields: 1,
      })),
      ...[0, 1, 2, 3].map((i) => ({ id: `cochin-${i}`, colony: 'cochin' as const, spices: SPICES, fields: 1 })),
      ...['Cl+Ci', 'Cl+P', 'G+P', 'G+N', 'Ci+N'].map((pair, i) => ({
        id: `madras-${i}`,
        colony: 'madras' as const,
        spices: cost(pair),
        fields: 2,
      })),
      ...[0, 1, 2, 3].map((i) => ({ id: `calicut-${i}`, colony: 'calicut' as const, spices: SPICES, fields: 2 })),
    ] as readonly ColonyTile[],
    'Colonies: Quilon the pairs Cl/G, G/Ci, Ci/P, P/N, N/Cl (1 field); Madras the other five pairs (2 fields); Cochin (1 field) and Calicut (2 fields) any spice.',
    'Contents (5 Quilon, 4 Cochin, 5 Madras, 4 Calicut); 6. Found colony; the example round',
  ),
  expeditionCards: reconstructed(
    expeditionCards() as readonly ExpeditionCard[],
    '30 expedition cards: 10 effects × 1, 2 and 3 colonists; each symbol on two cards of each colonist value; the "pay ducats" cards ask 6, 8 and 10.',
    'Contents (30 expedition cards); The expedition cards; the scoring example',
  ),
  cannotOutbid: ruling(
    'the seat is asked all the same',
    '"Players keep their money secret during the game." A seat that cannot outbid is still asked, with only "pass" open to it: a pass made for it would tell the table that its ducats do not exceed the bid. A bid or a pass, once made, is final (no take-back).',
    'Preparation; 2. Tile auctions',
  ),
  endingTurn: ruling(
    'the player ends it',
    'A turn whose player holds expedition cards ends only when the player ends it (unless a card was already played this turn): a turn that ended by itself would tell the table that no card in the hand is playable.',
    'The expedition cards ("before, during, or after an action")',
  ),
  discardAnyTime: ruling(
    'also out of turn',
    '"A player may discard any number of expedition cards at any time in the game!" — also while another player is to act.',
    'The expedition cards',
  ),
  flagAllPass: ruling(
    'the auctioneer takes it, with its card',
    'When every other seat passes on the flag, the auctioneer takes the lot for nothing, as any lot nobody bids on: the flag and, with it, its additional action card.',
    '2. Tile auctions (the flag)',
  ),
  emptyDeck: ruling(
    'reshuffled; Expedition needs a card left',
    'An expedition deck that runs out is refilled by shuffling its discards. With the deck and the discards both empty, Expedition is not offered (it would draw nothing); a colony attempt still is: it draws what is left (nothing) and counts the colonists on the board and those played from the hand, which may be enough.',
    'The expedition cards; 5. Expedition; 6. Found colony',
  ),
  extraActionSupply: ruling(
    'no more than the 10 printed',
    'Additional action cards are the 10 of the box: a seat due one when the supply is empty gets none (the log says so), and used cards return to the supply at the end of the round.',
    'Contents; End of a round',
  ),
  nothingToDo: ruling(
    'not offered',
    'Actions that can do nothing are not offered: Harvest with every plantation and colony field full, Expedition with no card to draw, a spice tile or card with no empty field to fill, a Duty tile without the spices it asks, a progress without the spices and ships it costs.',
    '3. Harvest; 5. Expedition; the tiles',
  ),
  spiceSource: ruling(
    'the player chooses',
    'When the spices paid for progress lie on more than one plantation or colony, the player chooses which to take them from.',
    '1. Progress on the development board',
  ),
};

export const CARDS: Readonly<Record<string, ExpeditionCard>> = Object.fromEntries(DATA.expeditionCards.value.map((c) => [c.id, c]));
export const TILES: Readonly<Record<string, Tile>> = Object.fromEntries([...DATA.tilesA.value, ...DATA.tilesB.value].map((t) => [t.id, t]));
export const COLONY_TILES: Readonly<Record<string, ColonyTile>> = Object.fromEntries(DATA.colonyTiles.value.map((t) => [t.id, t]));
