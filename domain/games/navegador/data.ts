/**
 * Every component number of Navegador, each tagged with its source and where the rulebook (the
 * English edition by Rio Grande Games, with its quick intro) says it; docs/games/navegador.md
 * lists them all (generated from this file), why each reconstruction was chosen, and the rulings.
 * Rules code reads `DATA.<item>.value`; replacing a reconstructed value is an edit to this file alone.
 */
import { reconstructed, rulebook, ruling } from '../../engine/sourced';

export const GOODS = ['sugar', 'gold', 'spices'] as const;
export type Good = (typeof GOODS)[number];

export const REGIONS = [
  'portugal',
  'guine',
  'bahia',
  'rio',
  'angola',
  'cabo',
  'mocambique',
  'india',
  'ceilao',
  'malaca',
  'timor',
  'macau',
  'nagasaki',
] as const;
export type RegionId = (typeof REGIONS)[number];
export const REGION_NAMES: Record<RegionId, string> = {
  portugal: 'Portugal',
  guine: 'Guiné',
  bahia: 'Bahia',
  rio: 'Rio de Janeiro',
  angola: 'Angola',
  cabo: 'Cabo da Boa Esperança',
  mocambique: 'Moçambique',
  india: 'Índia',
  ceilao: 'Ceilão',
  malaca: 'Malaca',
  timor: 'Timor',
  macau: 'Macau',
  nagasaki: 'Nagasaki',
};

/** The rondel, clockwise from Sailing; "Market" is there twice. */
export const FIELDS = ['sailing', 'workers', 'market', 'colony', 'privilege', 'ships', 'market', 'buildings'] as const;
export type Action = (typeof FIELDS)[number];
export const ACTION_NAMES: Record<Action, string> = {
  sailing: 'Sailing',
  workers: 'Workers',
  market: 'Market',
  colony: 'Colony',
  privilege: 'Privilege',
  ships: 'Ships',
  buildings: 'Buildings',
};

export const BUILDINGS = ['sugarFactory', 'goldFactory', 'spiceFactory', 'shipyard', 'church'] as const;
export type BuildingKind = (typeof BUILDINGS)[number];
export const BUILDING_NAMES: Record<BuildingKind, string> = {
  sugarFactory: 'sugar factory',
  goldFactory: 'gold factory',
  spiceFactory: 'spice factory',
  shipyard: 'shipyard',
  church: 'church',
};
export const FACTORY_GOOD: Partial<Record<BuildingKind, Good>> = { sugarFactory: 'sugar', goldFactory: 'gold', spiceFactory: 'spices' };

/** Privilege columns on the player sheet, left to right. */
export const PRIVILEGES = ['colony', 'factory', 'explorer', 'shipyard', 'church'] as const;
export type PrivilegeType = (typeof PRIVILEGES)[number];
export const PRIVILEGE_NAMES: Record<PrivilegeType, string> = {
  colony: 'colonies',
  factory: 'factories',
  explorer: 'explorers',
  shipyard: 'shipyards',
  church: 'churches',
};

export const PLAYER_COLOURS = ['red', 'yellow', 'green', 'blue', 'black'] as const;

const steps = (from: number, to: number, step: number) => Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);

export const DATA = {
  startingCash: rulebook(200, 'Each player receives "200 Cruzados".', 'Set up, 2. Players'),
  startingWorkers: rulebook(3, '"places his worker in Lisboa inside the column showing 3"', 'Set up, 2. Players; quick intro, 2. Players'),
  workerLimits: rulebook({ min: 2, max: 9 }, '"The minimum possible number of workers is 2, the maximum is 9."', 'Workers'),
  shipsPerPlayer: rulebook(
    7,
    '"2 ships of his color in Portugal … the other five ships into his supply"; "all his 7 ships on the game board".',
    'Set up, 2. Players; Ships',
  ),
  startingShipsAtSea: rulebook(2, '"Each player starts with 2 ships of his color in Portugal".', 'Set up, 2. Players'),
  buildingPrice: rulebook(
    50,
    '"one new worker per church owned for the price of 50 Cruzados each"; ships alike per shipyard.',
    'Workers; Ships',
  ),
  extraPricePerPhase: rulebook(
    100,
    '"Additional workers each cost 100 Cruzados per game phase"; ships alike.',
    'Workers, and its examples; Ships',
  ),
  virtualSale: rulebook(
    100,
    '"virtual workers for 50 Cr. each, which are sold instantly to the bank for 100 Cr. each"; ships alike.',
    'Workers, and its example (8 workers, 3 churches); Ships',
  ),
  freeRondelSteps: rulebook(
    3,
    '"any of the next three fields ahead can be chosen free of charge"; each further field costs 1 ship.',
    'Action selection, and its example',
  ),
  sailingRange: rulebook(
    [1, 2, 3] as const,
    'Ships cross 1 border in phase I, up to 2 in phase II, up to 3 in phase III.',
    'Sailing; Game phases',
  ),
  workersPerColony: rulebook(2, '"two workers in Lisboa" per new colony, and one own ship in the region.', 'Colony, and its examples'),
  workersPerBuilding: rulebook(
    { sugarFactory: 3, goldFactory: 3, spiceFactory: 3, shipyard: 4, church: 5 } as Readonly<Record<BuildingKind, number>>,
    '"3 workers per new factory, 4 workers per new shipyard, 5 workers per new church."',
    'Buildings',
  ),
  navegadorFirstLap: ruling(
    'first rondel move',
    'The Navegador card\'s lap is marked "at the current position of the new owner at the moment when he receives the card"; the first holder receives it before any stone stands on the rondel, so the lap is marked where the first holder\'s stone lands with its first move (and the card cannot be used in the very first round anyway).',
    'Navegador (the card)',
  ),
  navegadorBeforeOwnTurn: ruling(
    "before its holder's own turn",
    'The rules disagree: the quick intro says "immediately before his turn", page 7 "immediately before any player\'s turn", yet its example has yellow use the card "before his turn". The holder may use it before their own rondel move only: the quick intro\'s reading, which page 7\'s example follows, and in a game played over days the only one that does not make every other player\'s turn wait for the holder to decline first.',
    'Navegador (the card), page 7; Quick intro',
  ),
  kingPrivilegePosition: ruling(
    'where it scores most',
    '"Each player places his King\'s privilege on a free position inside his player sheet": the game places it for the player in the column where it scores most (the leftmost of equal columns), never in a column already holding 3 privileges.',
    'Scoring',
  ),
  maxPrivilegesPerType: rulebook(3, '"Each player can take no more than 3 privileges per type during the game."', 'Privilege'),
  privilegeTokensPerType: rulebook(
    6,
    "35 privilege tokens: a King's privilege for each of 5 players and 6 of each of the 5 types.",
    'Game material; Set up, 4. Privileges',
  ),
  startingGallery: rulebook(1, '"One privilege of each type is put inside each arch of the gallery."', 'Set up, 4. Privileges'),
  privilegeVp: rulebook(
    { colony: 1, factory: 1, explorer: 1, shipyard: 2, church: 2 } as Readonly<Record<PrivilegeType, number>>,
    '"The King\'s privilege counts as a privilege of the chosen type: 2 VPs per shipyard or church, or 1 VP inside one of the other 3 columns."',
    'Scoring',
  ),
  vpPerWorkerShipAnd200: rulebook(
    { cash: 200 },
    '"1 VP per his worker in Lisboa, ship on the game board and full amount of 200 Cruzados cash."',
    'Scoring',
  ),
  regionBorders: reconstructed(
    [
      ['portugal', 'guine'],
      ['guine', 'bahia'],
      ['guine', 'angola'],
      ['bahia', 'rio'],
      ['rio', 'angola'],
      ['angola', 'cabo'],
      ['rio', 'cabo'],
      ['cabo', 'mocambique'],
      ['mocambique', 'india'],
      ['india', 'ceilao'],
      ['ceilao', 'malaca'],
      ['india', 'malaca'],
      ['malaca', 'timor'],
      ['malaca', 'macau'],
      ['timor', 'macau'],
      ['macau', 'nagasaki'],
    ] as readonly (readonly [RegionId, RegionId])[],
    'Borders: Portugal–Guiné; Guiné–Bahia; Guiné–Angola; Bahia–Rio; Rio–Angola; Angola–Cabo and Rio–Cabo (red); Cabo–Moçambique; Moçambique–Índia; Índia–Ceilão; Ceilão–Malaca and Índia–Malaca (red); Malaca–Timor; Malaca–Macau; Timor–Macau; Macau–Nagasaki.',
    'Sailing, and its phase II example; Game phases (the red borders); Explorer example (Angola from Guiné and Rio de Janeiro)',
  ),
  phaseRegions: rulebook(
    { cabo: 2, malaca: 3 } as Readonly<Partial<Record<RegionId, 2 | 3>>>,
    'Exploring Cabo da Boa Esperança starts phase II, Malaca phase III.',
    'Game phases',
  ),
  doubleLoss: rulebook(
    (players: number): RegionId[] => (players <= 3 ? ['nagasaki', 'macau'] : ['nagasaki']),
    '"A token indicating that 2 ships are lost is placed at Nagasaki, and with only 2 or 3 players in Macau as well."',
    'Set up, 5. Dangerous sea regions; quick intro, 5',
  ),
  colonyStacks: reconstructed(
    {
      bahia: ['sugar', 4],
      rio: ['sugar', 4],
      guine: ['gold', 3],
      angola: ['gold', 3],
      cabo: ['gold', 1],
      mocambique: ['gold', 3],
      india: ['spices', 3],
      ceilao: ['spices', 2],
      malaca: ['spices', 2],
      timor: ['spices', 2],
      macau: ['spices', 2],
      nagasaki: ['spices', 1],
    } as Readonly<Partial<Record<RegionId, readonly [Good, number]>>>,
    'Colony stacks: sugar Bahia 4, Rio 4; gold Guiné 3, Angola 3, Cabo 1, Moçambique 3; spices Índia 3, Ceilão 2, Malaca 2, Timor 2, Macau 2, Nagasaki 1.',
    'Quick intro, 3. Colonies (12 stacks of 1 to 4 tokens; Timor holds 2 spice tokens)',
  ),
  colonyTokens: rulebook(
    { sugar: steps(40, 120, 10), gold: steps(50, 150, 10), spices: steps(60, 180, 10) } as Readonly<Record<Good, readonly number[]>>,
    'Sugar 40–120, gold 50–150, spices 60–180 Cruzados; 9, 11 and 13 tokens; one of each type is removed unseen.',
    'Colony; quick intro, 3. Colonies',
  ),
  marketPrices: rulebook(
    {
      sugar: [60, 60, 50, 50, 40, 40, 30, 30, 20, 20],
      gold: [70, 70, 60, 60, 50, 50, 40, 40, 30, 30],
      spices: [80, 80, 70, 70, 60, 60, 50, 50, 40, 40],
    } as Readonly<Record<Good, readonly number[]>>,
    'Market: 10 rows, each price printed twice, top row first (the market examples reproduce these).',
    'Market, and its examples; quick intro, 1. Market',
  ),
  factoryRevenue: rulebook(
    [20, 20, 30, 30, 40, 40, 50, 50, 60, 60] as const,
    'Factory revenue per row, top first ("a price of spices of 60, resulting in income of 40").',
    'Market (processing goods with factories), and its examples',
  ),
  marketStartRow: rulebook(3, '"In the fourth row from the top, cubes marking the prices … are placed."', 'Set up, 1. Market'),
  buildingPrices: reconstructed(
    {
      sugarFactory: [40, 70, 100, 130, 160, 190],
      goldFactory: [40, 70, 100, 130, 160, 190],
      spiceFactory: [40, 70, 100, 130, 160, 190],
      shipyard: [100, 150, 200, 250, 300, 350, 400, 450],
      church: [150, 200, 250, 300, 350, 400, 450, 500],
    } as Readonly<Record<BuildingKind, readonly number[]>>,
    'Building prices, left to right: each factory row 40, 70, 100, 130, 160, 190; shipyards 100, 150 … 450; churches 150, 200 … 500.',
    "Buildings, and its example; the quick intro's buildings example",
  ),
  shipyardsAndChurchesOnBoard: rulebook(
    (players: number) => 10 - players,
    '10 shipyards and 10 churches; each player starts with one of each, the rest go on the board from the left.',
    'Game material; Set up, 7. Buildings',
  ),
  baseVp: reconstructed(
    { colony: 1, factory: 2, explorer: 5, shipyard: 3, church: 3 } as Readonly<Record<PrivilegeType, number>>,
    'Player sheet base VP per item: colony 1, factory 2, explorer 5, shipyard 3, church 3.',
    'Summary (the player sheet); Scoring, and its example',
  ),
  privilegeCash: reconstructed(
    { colony: [30, 20, 10], factory: [30, 20, 10], explorer: [30, 20, 10], shipyard: [50, 40, 30], church: [50, 40, 30] } as Readonly<
      Record<PrivilegeType, readonly number[]>
    >,
    'Privilege cash bonus by position: colony/factory/explorer 30-20-10, shipyard/church 50-40-30.',
    "Privilege, and its example; the quick intro's privilege example",
  ),
  privilegeRefill: reconstructed(
    { 2: [1, 1], 3: [1, 2], 4: [2, 2], 5: [2, 3] } as Readonly<Record<number, readonly [number, number]>>,
    'Privileges of each type in the gallery at phase II / III: 2 players 1/1, 3 players 1/2, 4 players 2/2, 5 players 2/3 (2 and 5 are in the rulebook).',
    'Game phases',
  ),
};

/** Regions adjacent to a region. */
export const NEIGHBOURS: Readonly<Record<RegionId, readonly RegionId[]>> = Object.fromEntries(
  REGIONS.map((r) => [r, DATA.regionBorders.value.flatMap(([a, b]) => (a === r ? [b] : b === r ? [a] : []))]),
) as Record<RegionId, RegionId[]>;
