/**
 * A tournament's shared vocabulary: its format, entrants, rounds and results, as plain data that
 * pairing (pairing.ts) and standings (standings.ts) both read. Pure: no I/O, no clock, no randomness,
 * so a round's pairing can be recomputed from what is stored and always comes out the same.
 */

export type Format = 'swiss' | 'roundRobin' | 'elimination';

/** An entrant, in seed order (the entry list is sorted by seed before pairing: index 0 is the top seed). */
export interface Entrant {
  playerId: string;
  name: string;
}

/** One game of a round: seats[0] plays first (seat 0 of the game). */
export interface Table {
  table: number;
  seats: [string, string];
}

/** A round's pairing: its tables (numbered 0,1,2… in order) and the players given a bye. */
export interface RoundPairing {
  tables: Table[];
  byes: string[];
}

/** A finished table's points per seat: [1,0], [0,1] or [0.5,0.5]. For elimination a draw is decided by `advances`. */
export interface TableResult {
  table: number;
  points: [number, number];
  /** elimination only: the seat that goes through (after a draw: the higher seed) */
  advances?: 0 | 1;
}

/** A played (or in-play) round: its pairing and the results known so far (by table). */
export interface PlayedRound {
  round: number /* 1-based */;
  pairing: RoundPairing;
  results: TableResult[];
}

/** A bye scores as a win: the player was ready to play and the odd count is not their fault. */
export const BYE_POINTS = 1;

/** The smallest k with 2^k ≥ n (0 for n ≤ 1): integer arithmetic, so 2^k itself never rounds wrong. */
export const ceilLog2 = (n: number): number => {
  let k = 0;
  while (2 ** k < n) k++;
  return k;
};

/**
 * How many rounds an event of `entrants` players has. Swiss: enough rounds for one player to be
 * left alone on top (and at least one, so a field of one still has a round). Round robin: every
 * pair once, with a bye round each for an odd field. Elimination: down from the bracket to the final.
 */
export function roundsOf(format: Format, entrants: number): number {
  switch (format) {
    case 'swiss':
      return Math.max(1, ceilLog2(entrants));
    case 'roundRobin':
      return Math.max(0, entrants % 2 === 0 ? entrants - 1 : entrants);
    case 'elimination':
      return ceilLog2(entrants);
  }
}

/**
 * The seat that goes through from an elimination table: the one with more points, else the one
 * `advances` names, else seat 0 — the higher seed sits there, and a draw goes to the higher seed.
 */
export const advancingSeat = (result: TableResult): 0 | 1 => {
  const [a, b] = result.points;
  if (a !== b) return a > b ? 0 : 1;
  return result.advances ?? 0;
};
