/**
 * Who plays whom in the next round of a tournament, from the entry list and the rounds played.
 * Pure and deterministic: the same entrants and results always give the same pairing, so a round
 * can be recomputed (or checked) from what is stored.
 */
import {
  BYE_POINTS,
  type Entrant,
  type Format,
  type PlayedRound,
  type RoundPairing,
  type Table,
  advancingSeat,
  ceilLog2,
  roundsOf,
} from './format';

/** Whether two players may never meet (a block between them). */
export type Avoid = (a: string, b: string) => boolean;

/**
 * Pairs round `played.length + 1`. Every earlier round must be complete with results (Swiss ranks
 * by them, elimination advances by them); throws if it is not, if the format has no further round,
 * or if no pairing keeps the blocked pairs apart.
 */
export function pairRound(format: Format, entrants: readonly Entrant[], played: readonly PlayedRound[], avoid?: Avoid): RoundPairing {
  switch (format) {
    case 'swiss':
      return pairSwiss(entrants, played, avoid);
    case 'roundRobin':
      return pairRoundRobin(entrants, played.length + 1);
    case 'elimination':
      return pairElimination(entrants, played);
  }
}

// ---------------------------------------------------------------------------------------------
// Swiss

/** What a Swiss pairing needs to know of one player's earlier rounds. */
interface History {
  points: number;
  byes: number;
  /** Indices (in the entry list) of the players already met. */
  met: Set<number>;
  seat0: number;
  /** The seat played last round (null after a bye or before round 1). */
  lastSeat: 0 | 1 | null;
}

function histories(entrants: readonly Entrant[], played: readonly PlayedRound[]): History[] {
  const index = indexOf(entrants);
  const out = entrants.map((): History => ({ points: 0, byes: 0, met: new Set(), seat0: 0, lastSeat: null }));
  played.forEach((round, r) => {
    const last = r === played.length - 1;
    for (const id of round.pairing.byes) {
      const h = out[at(index, id)]!;
      h.points += BYE_POINTS;
      h.byes++;
    }
    const results = new Map(round.results.map((x) => [x.table, x]));
    for (const { table, seats } of round.pairing.tables) {
      const result = results.get(table);
      if (!result) throw new Error(`round ${r + 1} table ${table} has no result yet: pair the next round once it is complete`);
      const [a, b] = [at(index, seats[0]), at(index, seats[1])];
      const [ha, hb] = [out[a]!, out[b]!];
      ha.points += result.points[0];
      hb.points += result.points[1];
      ha.met.add(b);
      hb.met.add(a);
      ha.seat0++;
      if (last) [ha.lastSeat, hb.lastSeat] = [0, 1];
    }
  });
  return out;
}

/**
 * Swiss: rank by points then seed, give an odd field's bye to the lowest-ranked player who has not
 * had one, and pair top-down — each first unpaired player meets the highest-ranked player it has not
 * met and may meet. If the rest cannot all be paired that way, the bye moves up to the next player
 * without one; if no bye works (a tiny field late in the event), repeats are allowed (fresh opponents
 * still tried first, and a second bye only after everyone has had one) but blocked pairs never are.
 * Cost: an n×n table of pairs per round (a million bytes for 1,000 players).
 */
function pairSwiss(entrants: readonly Entrant[], played: readonly PlayedRound[], avoid?: Avoid): RoundPairing {
  const n = entrants.length;
  const hist = histories(entrants, played);
  // rank position → entry index: points, then seed (the sort is stable, entries are in seed order)
  const ranked = entrants.map((_, i) => i).sort((a, b) => hist[b]!.points - hist[a]!.points);
  const cost = pairCosts(entrants, ranked, hist, avoid);

  // Bye candidates, lowest-ranked first; strictly only among those with the fewest byes (normally none).
  const byeOrder = n % 2 === 0 ? [-1] : ranked.map((_, p) => p).sort((a, b) => hist[ranked[a]!]!.byes - hist[ranked[b]!]!.byes || b - a);
  const fewest = n % 2 === 0 ? 0 : hist[ranked[byeOrder[0]!]!]!.byes;
  const strictByes = byeOrder.filter((p) => p < 0 || hist[ranked[p]!]!.byes === fewest);

  for (const [maxCost, byes] of [
    [FRESH, strictByes],
    [REPEAT, byeOrder],
  ] as const) {
    for (const bye of byes) {
      const pool = ranked.map((_, p) => p).filter((p) => p !== bye);
      const pairs = firstMatching(pool.length, (i, j) => cost[pool[i]! * n + pool[j]!]!, maxCost);
      if (!pairs) continue;
      const tables = pairs.map(([i, j], table): Table => {
        const [a, b] = [ranked[pool[i]!]!, ranked[pool[j]!]!];
        return { table, seats: swissSeats(a, b, hist).map((x) => entrants[x]!.playerId) as [string, string] };
      });
      return { tables, byes: bye < 0 ? [] : [entrants[ranked[bye]!]!.playerId] };
    }
  }
  throw new Error(`no pairing for Swiss round ${played.length + 1} keeps every blocked pair apart, even allowing repeats`);
}

/** A pair's cost: new opponents, a repeat (allowed only when nothing else works), or never (blocked). */
const FRESH = 0;
const REPEAT = 1;
const NEVER = 2;

/** The cost of every pair, by rank position (a flat n×n table: one look-up per step of the search). */
function pairCosts(entrants: readonly Entrant[], ranked: readonly number[], hist: readonly History[], avoid?: Avoid): Uint8Array {
  const n = ranked.length;
  const cost = new Uint8Array(n * n);
  for (let p = 0; p < n; p++) {
    cost[p * n + p] = NEVER;
    const a = ranked[p]!;
    for (let q = p + 1; q < n; q++) {
      const b = ranked[q]!;
      const c = avoid?.(entrants[a]!.playerId, entrants[b]!.playerId) ? NEVER : hist[a]!.met.has(b) ? REPEAT : FRESH;
      cost[p * n + q] = cost[q * n + p] = c;
    }
  }
  return cost;
}

/**
 * The first perfect matching of players 0…n-1 (in rank order) found by a depth-first search that
 * pairs the first unpaired player with each allowed opponent in order of cost then rank. It keeps
 * each unpaired player's count of allowed unpaired opponents and backs off as soon as one has none,
 * so a dead end near the bottom of a large field is found in one step instead of a search below it.
 * Null when no matching exists. Iterative, so a field of thousands does not deepen the call stack.
 */
function firstMatching(n: number, cost: (i: number, j: number) => number, maxCost: number): [number, number][] | null {
  if (n % 2 !== 0) return null;
  if (n === 0) return [];
  const free = new Uint8Array(n).fill(1);
  const allowed = (i: number, j: number) => i !== j && cost(i, j) <= maxCost;
  const options = new Int32Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (allowed(i, j)) options[i]!++;
  if (options.some((k) => k === 0)) return null;

  /** Pairs a with b unless that leaves an unpaired player with nobody; whether it did. */
  const join = (a: number, b: number): boolean => {
    free[a] = free[b] = 0;
    let dead = false;
    for (let u = 0; u < n; u++) {
      if (!free[u]) continue;
      if (allowed(u, a)) options[u]!--;
      if (allowed(u, b)) options[u]!--;
      if (options[u] === 0) dead = true;
    }
    if (dead) part(a, b);
    return !dead;
  };
  const part = (a: number, b: number) => {
    for (let u = 0; u < n; u++) {
      if (!free[u]) continue;
      if (allowed(u, a)) options[u]!++;
      if (allowed(u, b)) options[u]!++;
    }
    free[a] = free[b] = 1;
  };
  const frame = (a: number) => {
    const candidates: number[] = [];
    for (let c = 0; c <= maxCost; c++) for (let j = a + 1; j < n; j++) if (cost(a, j) === c) candidates.push(j);
    return { a, candidates, next: 0, b: -1 };
  };

  const stack = [frame(0)];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.b >= 0) {
      part(f.a, f.b);
      f.b = -1;
    }
    while (f.next < f.candidates.length) {
      const b = f.candidates[f.next++]!;
      if (free[b] && join(f.a, b)) {
        f.b = b;
        break;
      }
    }
    if (f.b < 0) {
      stack.pop();
      continue;
    }
    let a = f.a + 1;
    while (a < n && !free[a]) a++;
    if (a === n) return stack.map((x): [number, number] => [x.a, x.b]);
    stack.push(frame(a));
  }
  return null;
}

/**
 * Seats of a Swiss table (a ranked above b): the one who has had seat 0 fewer times takes it; if
 * equal, the one who had seat 1 last round; else the higher-ranked player. Keeps first move even.
 */
function swissSeats(a: number, b: number, hist: readonly History[]): [number, number] {
  const [ha, hb] = [hist[a]!, hist[b]!];
  if (ha.seat0 !== hb.seat0) return ha.seat0 < hb.seat0 ? [a, b] : [b, a];
  if (ha.lastSeat === 1 && hb.lastSeat !== 1) return [a, b];
  if (hb.lastSeat === 1 && ha.lastSeat !== 1) return [b, a];
  return [a, b];
}

// ---------------------------------------------------------------------------------------------
// Round robin

/**
 * Round robin by Berger tables over the entry order (players 1…m, m even; an odd field adds a
 * bye slot as player m, and whoever is drawn against it has the bye). Player m stays put and meets
 * p = 1, 1+m/2, 2, 2+m/2, …; the others pair across p (p+k against p−k, modulo m−1), p+k first.
 * Seats alternate nearly every round, so seat-0 counts differ by at most one. `avoid` plays no
 * part: every pair must meet, so a blocked pair is refused at entry instead.
 */
function pairRoundRobin(entrants: readonly Entrant[], round: number): RoundPairing {
  const n = entrants.length;
  const total = roundsOf('roundRobin', n);
  if (round > total) throw new Error(`a round robin of ${n} has ${total} rounds: there is no round ${round}`);
  const m = n % 2 === 0 ? n : n + 1;
  const wrap = (k: number) => ((((k - 1) % (m - 1)) + (m - 1)) % (m - 1)) + 1;
  const p = round % 2 === 1 ? (round + 1) / 2 : round / 2 + m / 2;
  const games: [number, number][] = [round % 2 === 1 ? [p, m] : [m, p]];
  for (let k = 1; k < m / 2; k++) games.push([wrap(p + k), wrap(p - k)]);
  const id = (k: number) => entrants[k - 1]!.playerId;
  const byes = games.filter((g) => g.includes(n + 1)).map((g) => id(g[0] === n + 1 ? g[1] : g[0]));
  const tables = games.filter((g) => !g.includes(n + 1)).map(([a, b], table): Table => ({ table, seats: [id(a), id(b)] }));
  return { tables, byes };
}

// ---------------------------------------------------------------------------------------------
// Elimination

/**
 * The standard bracket order of seeds 1…size (a power of two): 1, size, size/2, size/2+1, … so that
 * each half holds one of the top two seeds, each quarter one of the top four, and so on.
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((s) => [s, next - s]);
  }
  return order;
}

/**
 * Elimination: round 1 is the bracket of the next power of two, the top seeds drawn against the
 * empty slots (byes). Each later round pairs the players who went through, neighbouring pairs of
 * the bracket together, so seeds 1 and 2 can meet only in the final. Earlier rounds are read by
 * who sat at which table, so they must be the rounds this function paired.
 */
function pairElimination(entrants: readonly Entrant[], played: readonly PlayedRound[]): RoundPairing {
  // Slots hold entry indices in bracket order; -1 is an empty slot.
  let slots = bracketOrder(2 ** ceilLog2(entrants.length)).map((seed) => (seed <= entrants.length ? seed - 1 : -1));
  played.forEach((round, r) => {
    const results = new Map(round.results.map((x) => [x.table, x]));
    slots = pairsOf(slots).map(([a, b]) => {
      if (a < 0 || b < 0) return Math.max(a, b);
      const [x, y] = [entrants[a]!.playerId, entrants[b]!.playerId];
      const table = round.pairing.tables.find((t) => t.seats.includes(x) && t.seats.includes(y));
      if (!table) throw new Error(`round ${r + 1} of the elimination has no table for ${x} and ${y}: it does not follow the bracket`);
      const result = results.get(table.table);
      if (!result) throw new Error(`round ${r + 1} table ${table.table} has no result yet: pair the next round once it is complete`);
      return table.seats[advancingSeat(result)] === x ? a : b;
    });
  });
  if (slots.length < 2) throw new Error(`the elimination is over after round ${played.length}: there is no round ${played.length + 1}`);
  const tables: Table[] = [];
  const byes: string[] = [];
  for (const [a, b] of pairsOf(slots)) {
    if (a < 0 || b < 0) {
      if (Math.max(a, b) >= 0) byes.push(entrants[Math.max(a, b)]!.playerId);
    } else {
      const [hi, lo] = a < b ? [a, b] : [b, a];
      tables.push({ table: tables.length, seats: [entrants[hi]!.playerId, entrants[lo]!.playerId] });
    }
  }
  return { tables, byes };
}

const pairsOf = <T>(xs: readonly T[]): [T, T][] => {
  const out: [T, T][] = [];
  for (let i = 0; i + 1 < xs.length; i += 2) out.push([xs[i]!, xs[i + 1]!]);
  return out;
};

// ---------------------------------------------------------------------------------------------

function indexOf(entrants: readonly Entrant[]): Map<string, number> {
  const index = new Map<string, number>();
  entrants.forEach((e, i) => {
    if (index.has(e.playerId)) throw new Error(`${e.playerId} is entered twice`);
    index.set(e.playerId, i);
  });
  return index;
}

function at(index: Map<string, number>, id: string): number {
  const i = index.get(id);
  if (i === undefined) throw new Error(`${id} played a round but is not an entrant`);
  return i;
}
