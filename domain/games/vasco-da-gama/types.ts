/**
 * The state of a Vasco da Gama game: plain JSON, folded from events by `evolve`.
 * Tile ids index the tables in `data.ts`. Hidden parts (decks, bag order, the generator) are
 * kept here and removed by `view`.
 */
import type { Seat } from '../../engine/contract';
import type { Area, CharacterId, LandingId, PlayerColour, SailorColour } from './data';

export type Sailors = Record<SailorColour, number>;

export type Phase =
  | 'new' // before GameSetUp
  | 'merchantSetup' // the Sernigi holder sends the merchant ship dealt at setup, before round 1
  | 'placement' // Phase 1
  | 'actions' // Phase 2
  | 'navigation' // Phase 3
  | 'finalLaunch' // after round 5: last launches before final scoring
  | 'over';

export interface PlayerState {
  colour: PlayerColour;
  reals: number;
  vp: number;
  /** Regular action discs still to place this Phase 1. */
  discsToPlace: number;
  /** Owns the Additional Action Disc of his colour (Manuel I). */
  extraDisc: boolean;
  /** The Additional Action Disc is still to be placed this Phase 1. */
  extraToPlace: boolean;
  captains: number;
  captainsInRecruiting: number;
  sailors: Sailors;
  missionaries: number;
  /** Purchased, not yet launched (project side up). */
  projects: string[];
  /** Launched ships in the player's supply (ship side up), not yet sent. */
  ships: string[];
}

export interface Disc {
  seat: Seat;
  number: number;
}

/** A ship at a landing: a player's ship (with its captain on board) or a merchant ship. */
export interface ShipAtLanding {
  tile: string;
  owner: Seat | null;
}

/** Multi-step choices in progress; the last entry is the one being answered. */
export type Pending =
  | { kind: 'recruit'; seat: Seat; section: number }
  | {
      kind: 'expedition';
      seat: Seat;
      landing: LandingId;
      sent: number;
      /** The launched ships the expedition may send: those in the supply when it started. */
      ships?: string[];
      /** Ships sent whose landing bonus is owed at the end of the expedition. */
      owed?: number;
    }
  /** `count`: bonuses of this kind still to take, this one included (absent: one). */
  | { kind: 'projectBonus'; seat: Seat; count?: number }
  | { kind: 'sailorBonus'; seat: Seat; count?: number }
  | { kind: 'merchant'; seat: Seat; tile: string; optional: boolean }
  | { kind: 'extraDisc'; seat: Seat };

export interface Call {
  number: number;
  seat: Seat;
  area: Area;
  /** The player declared to perform the action (and paid for the right). */
  started: boolean;
}

export interface VdgState {
  phase: Phase;
  players: number;
  /** Generator state for later draws (bag); hidden. */
  rng: number;
  round: number;
  firstPlayer: Seat;
  /** Whose turn it is to place a disc in Phase 1 (null when all are placed). */
  turn: Seat | null;
  seats: PlayerState[];

  vdg: {
    /** Face-down tiles of the deck on the right, top first; hidden. */
    deck: string[];
    /** The face-up tile on top of the right deck. */
    faceUp: string | null;
    /** Tiles moved to the left space, the current round's last. */
    used: string[];
  };
  initialNumber: number;
  /** First free-of-charge action number; unknown (null) during Phase 1. */
  freeNumber: number | null;
  /** Reals Vasco da Gama puts in the two spaces of the Characters Area (null once taken). */
  coins: [number | null, number | null];

  slots: Record<Area, (Disc | null)[]>;
  call: Call | null;
  lastCalled: number;

  holder: Record<CharacterId, Seat | null>;
  /** Who placed a disc on the character's space this round. */
  hosted: Record<CharacterId, Seat | null>;
  /** Missionaries in the Characters Area. */
  missionaries: number;

  sections: Sailors[];
  bag: Sailors;

  /** Project decks I, II, III, top first; hidden. */
  decks: [string[], string[], string[]];
  row: (string | null)[];
  saoGabriel: string | null;

  merchant: {
    /** Face-down merchant ships below the face-up one, top first; hidden. */
    deck: string[];
    faceUp: string | null;
    /** The ship the Sernigi holder received at setup, until it is sent. */
    dealt: string | null;
    /** This round's face-up ship has been sent (or discarded). */
    done: boolean;
  };

  landings: Record<LandingId, (ShipAtLanding | null)[]>;
  /** Tiles removed from the game: unsold projects, discarded ships. */
  removed: string[];

  pending: Pending[];
  /** Final launch: seats that are done. */
  finished: boolean[];
  /** Final scores, once the game is over. */
  final: FinalScore[] | null;
}

export interface FinalScore {
  seat: Seat;
  /** Victory Points for Reals left (1 per 3) and for launched ships with a captain (3 each). */
  realsVp: number;
  shipsVp: number;
  total: number;
  /** Tie-breaks: ships in the Navigation Area, then sailors. */
  shipsAtLandings: number;
  sailors: number;
  rank: number;
}
