/**
 * Events: the facts of a game, append-only. Each carries what `evolve` needs to apply it without
 * drawing or looking anything up by chance: drawn sailors, dealt tiles and the generator's next
 * state are written into the event that used them.
 */
import type { Seat } from '../../engine/contract';
import type { Area, CharacterId, CrewType, LandingId, PlayerColour, SailorColour } from './data';
import type { FinalScore, Sailors } from './types';

export type VdgEvent =
  | {
      type: 'GameSetUp';
      players: number;
      colours: PlayerColour[];
      firstPlayer: Seat;
      rng: number;
      /** Setup gifts follow from these: 2 VP (Dias), a missionary (Alvares), the Additional Action Disc (Manuel I). */
      holders: Record<CharacterId, Seat | null>;
      vdg: { deck: string[]; faceUp: string };
      merchant: { deck: string[]; faceUp: string; dealt: string };
      decks: [string[], string[], string[]];
      row: (string | null)[];
      saoGabriel: string;
      sections: Sailors[];
      bag: Sailors;
    }
  /** The Sernigi holder must (or, having hosted him, may) send the merchant ship now. */
  | { type: 'MerchantDue'; seat: Seat; tile: string; optional: boolean }
  | { type: 'MerchantSent'; seat: Seat; tile: string; landing: LandingId; slot: number; reals: number; captain: boolean }
  | { type: 'MerchantHeld'; seat: Seat; tile: string }
  | { type: 'MerchantDiscarded'; tile: string }
  | {
      type: 'RoundStarted';
      round: number;
      firstPlayer: Seat;
      tile: string;
      initialNumber: number;
      coins: [number, number];
    }
  | { type: 'DiscPlaced'; seat: Seat; number: number; area: Area; slot: number }
  | { type: 'VariationRevealed'; tile: string; variation: number; freeNumber: number }
  | { type: 'NumberCalled'; number: number; seat: Seat; area: Area; cost: number }
  | { type: 'ActionGivenUp'; seat: Seat; number: number; refund: number; forced: boolean }
  | { type: 'ActionStarted'; seat: Seat; number: number; area: Area; paid: number }
  | { type: 'ActionCompleted'; seat: Seat; number: number; area: Area }
  | { type: 'ProjectsPurchased'; seat: Seat; spaces: number[]; projects: string[]; price: number }
  | { type: 'SaoGabrielPurchased'; seat: Seat; project: string; price: number }
  | { type: 'RecruitStarted'; seat: Seat; section: number }
  | {
      type: 'SailorsRecruited';
      seat: Seat;
      section: number;
      sailors: Sailors;
      cost: number;
      captain: boolean;
      captainCost: number;
    }
  | { type: 'CaptainRecruited'; seat: Seat }
  | { type: 'ExpeditionStarted'; seat: Seat; landing: LandingId }
  | {
      type: 'ShipSent';
      seat: Seat;
      ship: string;
      landing: LandingId;
      slot: number;
      vp: number;
      /** Reals bonus (Mombasa, Malindi) and whether a captain bonus was available (Mozambique). */
      reals: number;
      captain: boolean;
      /**
       * The landing's bonuses come when the expedition ends (all its ships and captains are chosen
       * before any is placed); reals and captain are then 0 and false. Absent in games stored before.
       */
      later?: true;
    }
  | {
      type: 'ExpeditionEnded';
      seat: Seat;
      landing: LandingId;
      ships: number;
      /** The bonuses of the ships sent `later`: Reals, captains, and Natal/Terra de Boa Gente choices to make. */
      reals?: number;
      captains?: number;
      choices?: number;
    }
  | { type: 'ProjectTaken'; seat: Seat; space: number; project: string }
  | { type: 'SailorTaken'; seat: Seat; section: number | null; colour: SailorColour; rng: number | null }
  | { type: 'MoneyTaken'; seat: Seat; space: number; reals: number }
  | {
      type: 'CharacterHosted';
      seat: Seat;
      character: CharacterId;
      from: Seat | null;
      vp: number;
      missionary: boolean;
    }
  | { type: 'ExtraDiscPlaced'; seat: Seat; number: number; area: Area; slot: number }
  | { type: 'ShipLaunched'; seat: Seat; project: string; crew: CrewType[] }
  | { type: 'NavigationStarted'; round: number }
  | { type: 'ShipRewarded'; seat: Seat; tile: string; landing: LandingId; reals: number; vp: number }
  | { type: 'LandingScored'; landing: LandingId; vpPerShip: number; owners: Seat[] }
  | { type: 'ShipNavigated'; tile: string; owner: Seat | null; from: LandingId; fromSlot: number; to: LandingId; toSlot: number }
  | { type: 'ShipDiscarded'; tile: string; owner: Seat | null; from: LandingId; fromSlot: number }
  | { type: 'ProjectsReplaced'; discarded: string[]; saoGabriel: string | null; row: (string | null)[] }
  | { type: 'MerchantRevealed'; tile: string }
  | { type: 'RecruitingRefilled'; added: Sailors[]; rng: number }
  | { type: 'MissionaryGranted'; seat: Seat; granted: boolean }
  | { type: 'DiasScored'; seat: Seat; vp: number }
  | { type: 'ExtraDiscReturned'; seat: Seat }
  | { type: 'FinalLaunchStarted' }
  | { type: 'PlayerFinished'; seat: Seat; auto: boolean }
  | { type: 'GameEnded'; scores: FinalScore[] };

export type EventOf<T extends VdgEvent['type']> = Extract<VdgEvent, { type: T }>;
