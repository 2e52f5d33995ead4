/** Events of a Goa game; draws and shuffles are written into them. */
import type { Seat } from '../../engine/contract';
import type { ColonyName, Column, Spice } from './data';
import type { GoaScore, Pending, Pos } from './types';

export type GoaEvent =
  | {
      type: 'GameSetUp';
      players: number;
      colours: string[];
      flag: Seat;
      grid: string[][];
      tileDeck: string[];
      deck: string[];
      discard: string[];
      rng: number;
    }
  | { type: 'FlagPlaced'; seat: Seat; pos: Pos }
  | { type: 'MarkerPlaced'; seat: Seat; number: number; pos: Pos }
  | { type: 'AuctionOpened'; lot: 'flag' | Pos; tile: string | null; auctioneer: Seat; toBid: Seat[] }
  | { type: 'Bid'; seat: Seat; amount: number }
  | { type: 'Passed'; seat: Seat }
  | { type: 'AuctionWon'; seat: Seat; auctioneer: Seat; amount: number; lot: 'flag' | Pos; tile: string | null }
  /** Resources gained (positive) or paid (negative). */
  | {
      type: 'Gained';
      seat: Seat;
      ships?: number;
      colonists?: number;
      ducats?: number;
      extraActions?: number;
      /** Additional action cards due but not in the supply (10 cards in all). */
      short?: number;
      reason: string;
    }
  | { type: 'TileKept'; seat: Seat; tile: string }
  | { type: 'PlantationPlaced'; seat: Seat; tile: string }
  | { type: 'PlantationDiscarded'; seat: Seat; spot: string; keptSingle: boolean }
  | { type: 'SpicesPlaced'; seat: Seat; spot: string; count: number }
  | { type: 'SpicesRemoved'; seat: Seat; spots: { spot: string; count: number }[]; reason: string }
  | { type: 'PendingStarted'; pending: Pending }
  | { type: 'PendingUpdated'; pending: Pending }
  | { type: 'PendingEnded'; seat: Seat }
  /** Cards drawn to the hand, or face up to the table to count their colonists; a reshuffle of the discards first if the deck ran out. */
  | {
      type: 'CardsDrawn';
      seat: Seat;
      cards: string[];
      to: 'hand' | 'table';
      reshuffled: string[] | null;
      rng: number | null;
      reason: string;
    }
  | { type: 'CardDiscarded'; seat: Seat; card: string; from: 'hand' | 'table' }
  | { type: 'CardPlayed'; seat: Seat; card: string }
  | { type: 'ActionTaken'; seat: Seat; action: string }
  | { type: 'Progressed'; seat: Seat; column: Column; row: number; ships: number; spices: Spice[]; ducats: number }
  | { type: 'FirstToReach'; seat: Seat; column: Column; row: number }
  | { type: 'AllRowsReached'; seat: Seat; row: number }
  | { type: 'ColonyFounded'; seat: Seat; colony: ColonyName; tile: string; spice: Spice }
  | { type: 'ColonyFailed'; seat: Seat; colony: ColonyName; had: number; needed: number }
  | { type: 'ColonistsRecruited'; seat: Seat; colony: ColonyName; counted: number; paid: number }
  | { type: 'TileUsed'; seat: Seat; tile: string }
  | { type: 'Swapped'; seat: Seat; tile: string; pos: Pos; swap: string }
  | { type: 'DutyDone'; seat: Seat; tile: string }
  | { type: 'TurnEnded'; seat: Seat }
  | { type: 'ExtraStarted'; seat: Seat }
  | { type: 'ExtraPassed'; seat: Seat }
  | { type: 'RoundEnded'; round: number; part: 'A' | 'B' }
  | { type: 'PartStarted'; part: 'B'; grid: string[][] }
  | { type: 'GameEnded'; scores: GoaScore[] };
