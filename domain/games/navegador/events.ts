/** Events of a Navegador game; drawn outcomes (stacks, revealed tokens) are written into them. */
import type { Seat } from '../../engine/contract';
import type { Action, BuildingKind, Good, PrivilegeType, RegionId } from './data';
import type { NavScore } from './types';

export type NavEvent =
  | {
      type: 'GameSetUp';
      players: number;
      colours: string[];
      startPlayer: Seat;
      navegador: Seat;
      stacks: Partial<Record<RegionId, number[]>>;
      removedTokens: number[];
      rng: number;
    }
  | { type: 'NavegadorUsed'; seat: Seat }
  | { type: 'Moved'; seat: Seat; from: number | null; to: number; action: Action; cost: number }
  | { type: 'ShipPaid'; seat: Seat; region: RegionId }
  | { type: 'WorkersRecruited'; seat: Seat; count: number; real: number; virtual: number; paid: number; received: number }
  | { type: 'ShipsBuilt'; seat: Seat; count: number; real: number; virtual: number; paid: number; received: number }
  | { type: 'ShipMoved'; seat: Seat; from: RegionId; to: RegionId }
  | { type: 'Explored'; seat: Seat; region: RegionId; lost: number; tokens: number[]; bonus: number }
  | { type: 'PhaseStarted'; phase: 2 | 3; gallery: Record<PrivilegeType, number> }
  | { type: 'ColonyFounded'; seat: Seat; region: RegionId; good: Good; value: number }
  | { type: 'Built'; seat: Seat; kind: BuildingKind; price: number }
  | { type: 'Traded'; seat: Seat; good: Good; mode: 'sell' | 'process'; units: number; perUnit: number; wildcard: boolean; row: number }
  | { type: 'PrivilegeTaken'; seat: Seat; privilege: PrivilegeType; position: number; bonus: number }
  | { type: 'ActionEnded'; seat: Seat; action: Action | 'navegador' }
  | { type: 'NavegadorPassed'; from: Seat; to: Seat; marker: number | null; reason: 'used' | 'expired' }
  | { type: 'EndTriggered'; seat: Seat; reason: 'nagasaki' | 'buildings' }
  | { type: 'TurnEnded'; seat: Seat; next: Seat }
  | { type: 'GameEnded'; scores: NavScore[] };
