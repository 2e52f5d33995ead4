/**
 * Every component number of Vasco da Gama, each tagged with its source and where the rulebook
 * (the English edition by Rio Grande Games) says it; docs/games/vasco-da-gama.md lists them all
 * (generated from this file), why each reconstruction was chosen, and the rulings.
 * Rules code never hard-codes a component number: it reads `DATA.<item>.value`. Replacing a
 * reconstructed value with the printed one is an edit to this file alone.
 */
import { reconstructed, rulebook, ruling } from '../../engine/sourced';

/** In the order the rulebook's examples name them ("1 Orange, 2 Turquoise and 1 Violet"). */
export const SAILOR_COLOURS = ['orange', 'turquoise', 'violet', 'grey'] as const;
export type SailorColour = (typeof SAILOR_COLOURS)[number];
/** Crew members: sailors of the four colours, and (white) missionaries. */
export const CREW_TYPES = [...SAILOR_COLOURS, 'missionary'] as const;
export type CrewType = (typeof CREW_TYPES)[number];

export const PLAYER_COLOURS = ['yellow', 'red', 'black', 'blue'] as const;
export type PlayerColour = (typeof PLAYER_COLOURS)[number];

/** The four board areas, in the order the board lists them. */
export const AREAS = ['recruiting', 'characters', 'projects', 'navigation'] as const;
export type Area = (typeof AREAS)[number];
export const AREA_NAMES: Record<Area, string> = {
  recruiting: 'Recruiting',
  characters: 'Characters',
  projects: 'Purchase Projects',
  navigation: 'Navigation',
};

export const CHARACTERS = ['dias', 'alvares', 'sernigi', 'manuel'] as const;
export type CharacterId = (typeof CHARACTERS)[number];
export const CHARACTER_NAMES: Record<CharacterId, string> = {
  dias: 'Bartolomeu Dias',
  alvares: 'Francisco Alvares',
  sernigi: 'Girolamo Sernigi',
  manuel: 'Manuel I',
};

/** Landings from the first one a ship reaches to the last; ships navigate upward. */
export const LANDINGS = ['natal', 'terraDeBoaGente', 'mozambique', 'mombasa', 'malindi', 'calicut'] as const;
export type LandingId = (typeof LANDINGS)[number];
export const LANDING_NAMES: Record<LandingId, string> = {
  natal: 'Natal',
  terraDeBoaGente: 'Terra de Boa Gente',
  mozambique: 'Mozambique',
  mombasa: 'Mombasa',
  malindi: 'Malindi',
  calicut: 'Calicut',
};

export type LandingBonus = 'project' | 'sailor' | 'captain' | 'reals' | 'none';

export interface ProjectTile {
  readonly id: string;
  readonly deck: 1 | 2 | 3;
  readonly crew: number;
  readonly limit: number;
  readonly reals: number;
  readonly vp: number;
}

export interface VdgTile {
  readonly id: string;
  readonly initial: number;
  readonly variation: number;
  /** The two amounts Vasco da Gama puts in the Characters Area: upper and lower space. */
  readonly coins: readonly [number, number];
}

export interface MerchantTile {
  readonly id: string;
  readonly limit: number;
}

/** "2/5/1R" style: crew / limit / reward (R Reals, VP points, – nothing). */
function projects(deck: 1 | 2 | 3, specs: string): ProjectTile[] {
  const roman = ['I', 'II', 'III'][deck - 1];
  return specs.split(', ').map((spec, i) => {
    const [crew, limit, reward] = spec.split('/') as [string, string, string];
    const vp = /(\d)VP/.exec(reward)?.[1];
    const reals = /(\d)R/.exec(reward)?.[1];
    return {
      id: `${roman}-${String(i + 1).padStart(2, '0')}`,
      deck,
      crew: Number(crew),
      limit: Number(limit),
      reals: Number(reals ?? 0),
      vp: Number(vp ?? 0),
    };
  });
}

function vdgTile(initial: number, variation: number): VdgTile {
  const reals = initial - 2;
  return { id: `vdg-${initial}`, initial, variation, coins: [reals, Math.floor(reals / 2)] };
}

export const DATA = {
  rounds: rulebook(5, '"The game lasts for 5 Rounds."', 'The rounds and their phases (after Initial setup)'),
  startingReals: rulebook(10, 'Each player takes "10 Reals".', 'Initial setup, step 4'),
  actionDiscs: rulebook(
    4,
    '"each Player will place his 4 Action Discs (5 if he is in possession of the Manuel I Tile)"',
    'Phase 1: Place action discs',
  ),
  captainsInSupply: rulebook(1, 'Each player takes "1 Captain of his own color".', 'Initial setup, step 4'),
  captainsInRecruiting: rulebook(
    6,
    '"Each Player places the 6 remaining Captains of his color in the appropriate space."',
    'Initial setup, step 5',
  ),
  sailorsPerColour: rulebook(8, '32 Sailors in 4 colours: turquoise, violet, grey, orange.', 'Components, item 14'),
  sectionCapacity: rulebook(
    5,
    '"up to a maximum of 5 Sailors for each Section"',
    'End of round operations (refilling the Recruiting Area)',
  ),
  sections: rulebook(
    4,
    '"The Recruiting Area is subdivided in 4 Sections"; as many are active as there are players.',
    'Initial setup, step 5',
  ),
  sailorsPerSectionAtSetup: rulebook(5, '"Extract and deploy 5 Sailors in each Active Section."', 'Initial setup, step 5'),
  refillPerSection: rulebook(
    3,
    '"draw 3 Sailors from the bag for each active Section"',
    'End of round operations (refilling the Recruiting Area)',
  ),
  missionaries: rulebook(6, '6 Missionaries (white).', 'Components, item 15'),
  regularNumbers: rulebook(20, '"Place the Sequence Numbers from 1 to 20 following the numbering on the board."', 'Initial setup, step 7'),
  extraNumbers: rulebook(
    [21, 22] as const,
    '"Sequence Numbers 21 and 22 will only be used by the Player owning the Manuel I Character"',
    'Phase 1: Place action discs; Characters: Manuel I',
  ),
  giveUpRefundByRow: reconstructed(
    [1, 2, 3, 4] as const,
    'Give-up refunds by rows of five numbers (1–5, 6–10, 11–15, 16–20): 1, 2, 3, 4 Reals. The Phase 2 example fixes 6 → 2 and 15 → 3; the other rows are reconstructed. Numbers 21 and 22 refund nothing.',
    'Phase 2: Take actions, and its example (numbers 6 and 15 given up)',
  ),
  actionSlotsPerArea: reconstructed(
    { 2: 3, 3: 4, 4: 5 } as Readonly<Record<number, number>>,
    'Action slots in each area: 3 with 2 players, 4 with 3, 5 with 4 (the 2-player example fills Characters after 3 discs).',
    'Phase 1: Place action discs, and its 2-player example',
  ),
  purchasePrices: rulebook(
    { one: 1, two: 4 },
    '"1 Real for 1 project; 4 Reals for 2 projects"; São Gabriel costs its crew size.',
    'Purchase Projects',
  ),
  upperProjectSpaces: rulebook(
    6,
    '"the first 7 Ship/Project Tiles ... the São Gabriel Project space ... the 6 upper spaces"',
    'Initial setup, step 8; Purchase Projects',
  ),
  recruitCostByColours: rulebook(
    [0, 1, 3, 6, 10] as const,
    '"1 Real for Sailors of 1 color, 3 Reals for 2 different colors, 6 Reals for 3, 10 Reals for 4."',
    'Recruiting',
  ),
  captainCostPerSailor: rulebook(1, '"The Captain costs 1 Real for each recruited Sailor"; free when no sailor is taken.', 'Recruiting'),
  landingSlots: reconstructed(
    {
      natal: [4],
      terraDeBoaGente: [5, 4],
      mozambique: [6, 5, 4],
      mombasa: [9, 7, 6, 5],
      malindi: [9, 9, 7, 7, 6],
      calicut: [11, 11, 9, 9, 7, 7],
    } as Readonly<Record<LandingId, readonly number[]>>,
    'Ship slot values, left to right: Natal 4; Terra de Boa Gente 5 4; Mozambique 6 5 4; Mombasa 9 7 6 5; Malindi 9 9 7 7 6; Calicut 11 11 9 9 7 7 (Mozambique and Malindi are forced by the examples).',
    'Expedition, and its example; the Phase 3 example',
  ),
  landingVp: reconstructed(
    { natal: 0, terraDeBoaGente: 1, mozambique: 2, mombasa: 3, malindi: 4, calicut: 5 } as Readonly<Record<LandingId, number>>,
    'VP per ship in a complete landing: Mozambique 2, Mombasa 3, Malindi 4, Calicut 5 are in the rulebook; Natal 0 and Terra de Boa Gente 1 are reconstructed.',
    'Phase 3: Navigation, and its example',
  ),
  landingBonus: rulebook(
    {
      natal: 'project',
      terraDeBoaGente: 'sailor',
      mozambique: 'captain',
      mombasa: 'reals',
      malindi: 'reals',
      calicut: 'none',
    } as Readonly<Record<LandingId, LandingBonus>>,
    '"1 Project ... Natal; 1 Sailor ... Terra de Boa Gente; 1 Captain ... Mozambique; 2 Reals ... Mombasa; 1 Real ... Malindi."',
    'Expedition',
  ),
  landingBonusReals: rulebook(
    { mombasa: 2, malindi: 1 } as Readonly<Partial<Record<LandingId, number>>>,
    '"2 Reals ... for each Ship sent to Mombasa; 1 Real ... for each Ship sent to Malindi."',
    'Expedition',
  ),
  characterDistribution: rulebook(
    {
      2: ['dias', 'sernigi'],
      3: ['dias', 'alvares', 'sernigi'],
      4: ['dias', 'alvares', 'sernigi', 'manuel'],
    } as Readonly<Record<number, readonly CharacterId[]>>,
    'Setup table: first player Bartolomeu Dias, then clockwise Francisco Alvares (3–4 players), Girolamo Sernigi, Manuel I (4 players).',
    'Initial setup, step 6 (the table)',
  ),
  diasVp: rulebook(2, '"The Player opting to host Bartolomeu Dias immediately receives 2 Victory Points."', 'Characters: Bartolomeu Dias'),
  realsPerFinalVp: rulebook(3, '"1 Victory Point for each 3 Reals in his own supply"', 'End of the game'),
  vpPerLaunchedShipWithCaptain: rulebook(
    3,
    '"3 Victory Points for every launched Ship with a boarded Captain in front of him."',
    'End of the game',
  ),
  vdgTiles: reconstructed(
    [
      vdgTile(4, +1),
      vdgTile(5, -1),
      vdgTile(6, +3),
      vdgTile(7, 0),
      vdgTile(8, -3),
      vdgTile(9, +2),
      vdgTile(10, -1),
      vdgTile(11, +1),
      vdgTile(12, -2),
    ] as readonly VdgTile[],
    'Vasco da Gama tiles: initial numbers 4 to 12, one each; Reals n−2 and ⌊(n−2)/2⌋ (the initial-11 tile shows 9 and 4, as in the example); variations 4:+1, 5:−1, 6:+3, 7:0, 8:−3, 9:+2, 10:−1, 11:+1, 12:−2.',
    'Components, item 9; Phase 1 and Phase 2, and their examples',
  ),
  merchantTiles: reconstructed(
    [4, 5, 6, 7, 9, 11].map((limit) => ({ id: `merchant-${limit}`, limit })) as readonly MerchantTile[],
    'Merchant ships: navigation limits 4, 5, 6, 7, 9, 11.',
    'Components, item 5; Characters: Girolamo Sernigi; the Phase 3 example',
  ),
  projectTiles: reconstructed(
    [
      ...projects(1, '2/4/1R, 2/4/1R, 2/5/–, 2/5/1R, 3/4/2R, 3/6/–, 3/6/1R, 3/6/2R, 4/6/1VP+1R, 4/7/1R, 4/7/2R, 5/7/2VP'),
      ...projects(2, '3/5/2R, 3/6/1VP, 3/7/–, 3/7/1R, 4/6/1VP+1R, 4/7/1VP, 4/7/2R, 4/9/–, 4/9/1R, 5/7/2VP, 5/9/1VP, 5/9/2R'),
      ...projects(3, '3/7/1VP, 4/7/2VP, 4/9/1VP, 4/9/1R, 4/11/–, 5/9/1VP+1R, 5/9/2VP, 5/11/–, 5/11/1R, 5/11/1VP, 5/11/2VP'),
    ] as readonly ProjectTile[],
    "The 35 projects (crew/limit/reward) of decks I (12), II (12) and III (11) are reconstructed: navigation limits only from the slot values 4–11, crews of 2 to 5, later decks sailing farther and paying more in VP, and the rulebook's example tile (deck I, crew 5, limit 7, 2 VP) among them.",
    'Components, item 4; Purchase Projects, and its examples; the Expedition and Phase 3 examples',
  ),
  projectCrews: ruling(
    'crews of 2 to 5',
    'The rulebook says a project shows "the number of crew (from 1 to 5)", all of different colours; its one example project needs 5, and a crew of 1 would leave the colour rule nothing to do, so the reconstructed projects (their printed values are not in the text) ask for crews of 2 to 5.',
    'Purchase Projects (the project tiles); Components, item 4',
  ),
  expeditionBonuses: ruling(
    'paid when the expedition ends',
    '"First, the Player performing the action places a Captain … on the Ship Tile of each launched Ship that he wants to send. Then, he chooses a Landing and places all Ships": only ships launched before the expedition sets out may sail in it, and the landing\'s bonuses (Reals, captains, Natal and Terra de Boa Gente choices) are paid when it ends.',
    'Expedition',
  ),
  launchAnyTime: ruling(
    'whenever the player is to act, and out of turn',
    '"The Players can decide to launch 1 or more Ships in their possession at any time during the game": a player may launch whenever they are to act, and also out of turn, since launching changes nothing for the others.',
    'Purchase Projects (launching ships)',
  ),
  forcedGiveUp: ruling(
    'given up for the player',
    'When the only thing a player can do with a called number is to give it up (they cannot pay for the right to act, or nothing in the area is possible), the game gives it up for them, with the refund, instead of waiting days for the only possible click.',
    'Phase 2: Take actions',
  ),
  firstPlayer: ruling(
    'drawn at random',
    '"The Player who has travelled to the farthest destination in the last year becomes the First Player": a game played online draws the first player at random.',
    'Initial setup, step 6',
  ),
};

export const PROJECTS: Readonly<Record<string, ProjectTile>> = Object.fromEntries(DATA.projectTiles.value.map((p) => [p.id, p]));
export const MERCHANTS: Readonly<Record<string, MerchantTile>> = Object.fromEntries(DATA.merchantTiles.value.map((m) => [m.id, m]));
export const VDG_TILES: Readonly<Record<string, VdgTile>> = Object.fromEntries(DATA.vdgTiles.value.map((t) => [t.id, t]));

/** Navigation limit of a project/ship tile or a merchant ship. */
export function shipLimit(tile: string): number {
  const limit = PROJECTS[tile]?.limit ?? MERCHANTS[tile]?.limit;
  if (limit === undefined) throw new Error(`unknown ship tile ${tile}`);
  return limit;
}
