/**
 * What a seat (or a spectator) sees. Everything on the table is public in Vasco da Gama except
 * the face-down Vasco da Gama tiles, the merchant ships below the face-up one, the order of the
 * project decks and of the bag (and the generator that would predict them): those are reduced
 * to counts. Tiles are expanded from the data module so clients need no copy of it.
 */
import type { Seat } from '../../engine/contract';
import { activeSeats, waitingFor } from '../../engine/flow';
import { reconstructedNotes } from '../../engine/sourced';
import {
  AREAS,
  CHARACTERS,
  DATA,
  LANDINGS,
  LANDING_NAMES,
  MERCHANTS,
  PROJECTS,
  VDG_TILES,
  type Area,
  type CharacterId,
  type LandingId,
  type MerchantTile,
  type ProjectTile,
  type VdgTile,
} from './data';
import { flow } from './flow';
import { extraNumbersLeft, giveUpRefund, rightCost, sailorCount, zoneNumbers } from './rules';
import type { Disc, FinalScore, Pending, Phase, PlayerState, Sailors, VdgState } from './types';

export interface VdgView {
  round: number;
  rounds: number;
  phase: Phase;
  firstPlayer: Seat;
  activeSeats: Seat[];
  /** What the game waits for, in words. */
  waitingFor: string;
  numbers: {
    initial: number;
    /** First free-of-charge number; null while unknown (Phase 1). */
    free: number | null;
    /** Numbers 1–20 still in the Numbers Zone, and 21/22 still in the Characters Area. */
    zone: number[];
    extra: number[];
    /** Reals refunded for giving up each number 1–22. */
    refunds: number[];
  };
  vdgTiles: { used: VdgTile[]; faceUp: VdgTile | null; faceDown: number };
  coins: [number | null, number | null];
  areas: Record<Area, (Disc | null)[]>;
  /** The number being resolved in Phase 2, its owner and the price of the right to act. */
  call: { number: number; seat: Seat; area: Area; started: boolean; cost: number } | null;
  characters: Record<CharacterId, { holder: Seat | null; hostedThisRound: Seat | null }>;
  missionaries: number;
  recruiting: { sections: { active: boolean; sailors: Sailors }[]; bag: number };
  projects: { row: (ProjectTile | null)[]; saoGabriel: ProjectTile | null; decks: [number, number, number] };
  merchant: { faceUp: MerchantTile | null; faceDown: number; dealt: MerchantTile | null; sentThisRound: boolean };
  landings: {
    id: LandingId;
    name: string;
    vpPerShip: number;
    complete: boolean;
    slots: { value: number; ship: { tile: string; owner: Seat | null; limit: number; project: ProjectTile | null } | null }[];
  }[];
  players: (Omit<PlayerState, 'projects' | 'ships'> & {
    seat: Seat;
    projects: ProjectTile[];
    ships: ProjectTile[];
    characters: CharacterId[];
  })[];
  pending: Pending | null;
  removed: number;
  final: FinalScore[] | null;
  /** Reconstructed component numbers, so players know which values are not printed ones. */
  about: string[];
}

export function view(s: VdgState, _seat: Seat | null): VdgView {
  const project = (id: string | null) => (id ? PROJECTS[id]! : null);
  const call = s.call ? { ...s.call, cost: rightCost(s, s.call.number) } : null;
  return {
    round: s.round,
    rounds: DATA.rounds.value,
    phase: s.phase,
    firstPlayer: s.firstPlayer,
    activeSeats: activeSeats(flow, s),
    waitingFor: waitingFor(flow, s),
    numbers: {
      initial: s.initialNumber,
      free: s.freeNumber,
      zone: zoneNumbers(s),
      extra: extraNumbersLeft(s),
      refunds: Array.from({ length: 22 }, (_, i) => giveUpRefund(i + 1)),
    },
    vdgTiles: {
      used: s.vdg.used.map((t) => VDG_TILES[t]!),
      faceUp: s.vdg.faceUp ? VDG_TILES[s.vdg.faceUp]! : null,
      faceDown: s.vdg.deck.length,
    },
    coins: [...s.coins],
    areas: Object.fromEntries(AREAS.map((a) => [a, s.slots[a].map((d) => (d ? { ...d } : null))])) as VdgView['areas'],
    call,
    characters: Object.fromEntries(
      CHARACTERS.map((c) => [c, { holder: s.holder[c], hostedThisRound: s.hosted[c] }]),
    ) as VdgView['characters'],
    missionaries: s.missionaries,
    recruiting: {
      sections: s.sections.map((sailors, i) => ({ active: i < s.players, sailors: { ...sailors } })),
      bag: sailorCount(s.bag),
    },
    projects: {
      row: s.row.map(project),
      saoGabriel: project(s.saoGabriel),
      decks: [s.decks[0].length, s.decks[1].length, s.decks[2].length],
    },
    merchant: {
      faceUp: s.merchant.faceUp ? MERCHANTS[s.merchant.faceUp]! : null,
      faceDown: s.merchant.deck.length,
      dealt: s.merchant.dealt ? MERCHANTS[s.merchant.dealt]! : null,
      sentThisRound: s.merchant.done,
    },
    landings: LANDINGS.map((id) => ({
      id,
      name: LANDING_NAMES[id],
      vpPerShip: DATA.landingVp.value[id],
      complete: s.landings[id].every((x) => x !== null),
      slots: s.landings[id].map((ship, i) => ({
        value: DATA.landingSlots.value[id][i]!,
        ship: ship
          ? {
              tile: ship.tile,
              owner: ship.owner,
              limit: (PROJECTS[ship.tile] ?? MERCHANTS[ship.tile])!.limit,
              project: project(ship.owner === null ? null : ship.tile),
            }
          : null,
      })),
    })),
    players: s.seats.map((p, seat) => ({
      ...p,
      sailors: { ...p.sailors },
      seat,
      projects: p.projects.map((t) => PROJECTS[t]!),
      ships: p.ships.map((t) => PROJECTS[t]!),
      characters: CHARACTERS.filter((c) => s.holder[c] === seat),
    })),
    pending: s.pending.length ? { ...s.pending.at(-1)! } : null,
    removed: s.removed.length,
    final: s.final,
    about: reconstructedNotes(DATA),
  };
}
