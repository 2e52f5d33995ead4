import { describe, expect, it } from 'vitest';
import {
  BYE_POINTS,
  type Entrant,
  type PlayedRound,
  type RoundPairing,
  type TableResult,
  roundsOf,
} from '../../functions/core/tournament/format';
import { type Avoid, bracketOrder, pairRound } from '../../functions/core/tournament/pairing';
import { standings } from '../../functions/core/tournament/standings';

/** P01…Pnn in seed order (P01 is the top seed). */
const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => {
    const id = `P${String(i + 1).padStart(n >= 100 ? 4 : 2, '0')}`;
    return { playerId: id, name: `Player ${id}` };
  });
const seed = (id: string) => Number(id.slice(1));

/**
 * Plays a pairing: the lower seed number wins, except the listed upsets ('P04>P03': P04 beats P03)
 * and draws ('P09=P10', either order).
 */
function play(round: number, pairing: RoundPairing, upsets: string[] = [], draws: string[] = []): PlayedRound {
  const results = pairing.tables.map(({ table, seats: [a, b] }): TableResult => {
    if (draws.includes(`${a}=${b}`) || draws.includes(`${b}=${a}`)) return { table, points: [0.5, 0.5] };
    const aWins = upsets.includes(`${a}>${b}`) || (!upsets.includes(`${b}>${a}`) && seed(a) < seed(b));
    return { table, points: aWins ? [1, 0] : [0, 1] };
  });
  return { round, pairing, results };
}

/** Pairs and plays rounds one by one, each with its own upsets and draws. */
function run(format: 'swiss' | 'roundRobin' | 'elimination', entrants: Entrant[], script: [string[], string[]][], avoid?: Avoid) {
  const played: PlayedRound[] = [];
  script.forEach(([upsets, draws], r) => {
    played.push(play(r + 1, pairRound(format, entrants, played, avoid), upsets, draws));
  });
  return played;
}

const seatsOf = (p: RoundPairing) => p.tables.map((t) => t.seats);
const pairKey = (a: string, b: string) => [a, b].sort().join('-');
const unordered = (p: RoundPairing) => p.tables.map((t) => pairKey(...t.seats)).sort();

/** Every player exactly once in the round (at a table or with a bye). */
function expectEveryoneOnce(entrants: Entrant[], p: RoundPairing) {
  const seen = [...p.tables.flatMap((t) => t.seats), ...p.byes].sort();
  expect(seen).toEqual(entrants.map((e) => e.playerId).sort());
  expect(p.tables.map((t) => t.table)).toEqual(p.tables.map((_, i) => i));
}

function expectNoRepeats(played: PlayedRound[]) {
  const met = new Set<string>();
  for (const r of played) {
    for (const t of r.pairing.tables) {
      const key = pairKey(...t.seats);
      expect(met.has(key), `${key} again in round ${r.round}`).toBe(false);
      met.add(key);
    }
  }
}

describe('roundsOf', () => {
  it('is ceil(log2 n) for Swiss (at least 1), every pair once for a round robin, down to the final for elimination', () => {
    expect([1, 2, 3, 7, 8, 16, 17, 1000].map((n) => roundsOf('swiss', n))).toEqual([1, 1, 2, 3, 3, 4, 5, 10]);
    // even n: n-1 rounds; odd n: n rounds (one bye each)
    expect([2, 4, 5, 6, 7, 10].map((n) => roundsOf('roundRobin', n))).toEqual([1, 3, 5, 5, 7, 9]);
    expect([1, 2, 3, 6, 8, 9, 64].map((n) => roundsOf('elimination', n))).toEqual([0, 1, 2, 3, 3, 4, 6]);
  });
});

describe('Swiss pairing', () => {
  const P = field(16);
  /** Per round: [upsets, draws]; everyone else loses to the lower seed number. */
  const script: [string[], string[]][] = [
    [['P04>P03'], ['P09=P10']],
    [['P13>P11'], ['P05=P07']],
    [['P08>P03'], ['P01=P13']],
    [['P13>P02'], ['P04=P08']],
  ];

  it('pairs 16 players over 4 rounds top-down by points then seed, with the seat rule, never twice the same pair', () => {
    const played = run('swiss', P, script);
    // Round 1: all on 0, so seed order, 1v2, 3v4, …; seat 0 counts equal, no last round: the higher-ranked sits first.
    expect(seatsOf(played[0]!.pairing)).toEqual([
      ['P01', 'P02'],
      ['P03', 'P04'],
      ['P05', 'P06'],
      ['P07', 'P08'],
      ['P09', 'P10'],
      ['P11', 'P12'],
      ['P13', 'P14'],
      ['P15', 'P16'],
    ]);
    // After round 1: 1 point P01 P04 P05 P07 P11 P13 P15; ½ P09 P10; 0 P02 P03 P06 P08 P12 P14 P16.
    // Top-down: P01–P04, P05–P07, P11–P13, P15–P09, P10–P02, P03–P06, P08–P12, P14–P16.
    // Seats: P04 had seat 0 no times (P01 once) → P04 first; P06 (0) before P03 (1); P10–P02 and
    // P08–P12 both had seat 1 last round → the higher-ranked first.
    expect(seatsOf(played[1]!.pairing)).toEqual([
      ['P04', 'P01'],
      ['P05', 'P07'],
      ['P11', 'P13'],
      ['P15', 'P09'],
      ['P10', 'P02'],
      ['P06', 'P03'],
      ['P08', 'P12'],
      ['P14', 'P16'],
    ]);
    // After round 2: 2 P01 P13; 1½ P05 P07 P09; 1 P02 P03 P04 P08 P11 P14 P15; ½ P10; 0 P06 P12 P16.
    // P05 has met P07 → P05–P09, then P07–P02; P03 has met P04 → P03–P08, then P04–P11.
    // Seats: P09 (seat 0 once) before P05 (twice); P03 and P08 once each, P03 had seat 1 last round.
    expect(seatsOf(played[2]!.pairing)).toEqual([
      ['P01', 'P13'],
      ['P09', 'P05'],
      ['P02', 'P07'],
      ['P03', 'P08'],
      ['P04', 'P11'],
      ['P14', 'P15'],
      ['P10', 'P06'],
      ['P12', 'P16'],
    ]);
    // After round 3: 2½ P01 P05 P13; 2 P02 P04 P08 P14; 1½ P07 P09; 1 P03 P06 P11 P12 P15; ½ P10; 0 P16.
    // Seats: P01 and P05 twice each, P05 had seat 1 last round → P05 first; P16 (never) before P10 (twice).
    expect(seatsOf(played[3]!.pairing)).toEqual([
      ['P05', 'P01'],
      ['P13', 'P02'],
      ['P08', 'P04'],
      ['P07', 'P14'],
      ['P09', 'P03'],
      ['P06', 'P11'],
      ['P12', 'P15'],
      ['P16', 'P10'],
    ]);
    for (const r of played) {
      expect(r.pairing.byes).toEqual([]);
      expectEveryoneOnce(P, r.pairing);
    }
    expectNoRepeats(played);
  });

  it('never pairs a blocked pair, even where the ranking would pair them, backtracking to the first legal pairing', () => {
    // Round 1 of four: 1v2 leaves P03–P04, which is blocked, so P01 takes its next choice P03.
    const four = field(4);
    const blocked34: Avoid = (a, b) => pairKey(a, b) === 'P03-P04';
    expect(seatsOf(pairRound('swiss', four, [], blocked34))).toEqual([
      ['P01', 'P03'],
      ['P02', 'P04'],
    ]);
    const blocked12: Avoid = (a, b) => pairKey(a, b) === 'P01-P02';
    expect(seatsOf(pairRound('swiss', four, [], blocked12))).toEqual([
      ['P01', 'P03'],
      ['P02', 'P04'],
    ]);

    // In the 16-player event, round 2 would open with P01–P04 (both on 1 point, top two).
    const blocked: Avoid = (a, b) => pairKey(a, b) === 'P01-P04';
    const played = run('swiss', P, script, blocked);
    // P01 takes the next 1-pointer P05; P04 then the next, P07.
    expect(unordered(played[1]!.pairing)).toContain('P01-P05');
    expect(unordered(played[1]!.pairing)).toContain('P04-P07');
    for (const r of played) {
      expect(unordered(r.pairing)).not.toContain('P01-P04');
      expectEveryoneOnce(P, r.pairing);
    }
    expectNoRepeats(played);
  });

  it('gives an odd field’s bye to the lowest-ranked player without one; a bye counts BYE_POINTS', () => {
    const seven = field(7);
    const played = run('swiss', seven, [
      [[], []],
      [[], []],
      [[], []],
    ]);
    // Round 1: seed order, P07 last. Then P01 P03 P05 P07 (bye) on 1, P02 P04 P06 on 0 → P06.
    // Round 3: P01 P05 on 2; P02 P03 P06 P07 on 1; P04 on 0 → P04.
    expect(played.map((r) => r.pairing.byes)).toEqual([['P07'], ['P06'], ['P04']]);
    expect(unordered(played[0]!.pairing)).toEqual(['P01-P02', 'P03-P04', 'P05-P06']);
    // P07's bye point ranks it with the 1-pointers: P01–P03, P05–P07, P02–P04.
    expect(unordered(played[1]!.pairing)).toEqual(['P01-P03', 'P02-P04', 'P05-P07']);
    expect(unordered(played[2]!.pairing)).toEqual(['P01-P05', 'P02-P03', 'P06-P07']);
    expectNoRepeats(played);
    for (const r of played) expectEveryoneOnce(seven, r.pairing);
    const p04 = standings('swiss', seven, played).find((s) => s.playerId === 'P04')!;
    // P04: lost to P03, lost to P02, bye
    expect(p04).toMatchObject({ points: BYE_POINTS, wins: 0, losses: 2, byes: 1 });
  });

  it('skips players who have had a bye, and relaxes to a repeat only when no fresh pairing exists', () => {
    const three = field(3);
    const played = run('swiss', three, [
      [[], []],
      [[], []],
      [[], []],
    ]);
    // R1: P03 bye, P01 beats P02 → P01 1, P03 1, P02 0. R2: P02 bye, P01 beats P03 → P01 2, P02 1, P03 1.
    // R3: lowest P03 and next P02 have had a bye, so the leader P01 gets it.
    expect(played.map((r) => r.pairing.byes)).toEqual([['P03'], ['P02'], ['P01']]);
    expect(seatsOf(played[1]!.pairing)).toEqual([['P03', 'P01']]); // P03 never had seat 0, P01 once
    expect(seatsOf(played[2]!.pairing)).toEqual([['P02', 'P03']]); // P02 never, P03 once
    // R4: everyone has met everyone and had a bye: the bye to the lowest (P03), P01–P02 again.
    const r4 = pairRound('swiss', three, played);
    expect(r4.byes).toEqual(['P03']);
    expect(unordered(r4)).toEqual(['P01-P02']);

    // Four players after a full cycle: round 4 repeats top-down, but never a blocked pair.
    const four = field(4);
    const cycle = run('swiss', four, [
      [[], []],
      [[], []],
      [[], []],
    ]);
    expect(cycle.map((r) => unordered(r.pairing))).toEqual([
      ['P01-P02', 'P03-P04'],
      ['P01-P03', 'P02-P04'],
      ['P01-P04', 'P02-P03'],
    ]);
    expect(unordered(pairRound('swiss', four, cycle))).toEqual(['P01-P02', 'P03-P04']);
    expect(unordered(pairRound('swiss', four, cycle, (a, b) => pairKey(a, b) === 'P01-P02'))).toEqual(['P01-P03', 'P02-P04']);
  });

  it('throws when every pairing puts a blocked pair together', () => {
    expect(() => pairRound('swiss', field(2), [], () => true)).toThrow(/blocked/);
    const allBlockedWithP01: Avoid = (a, b) => a === 'P01' || b === 'P01';
    // Three: the bye goes up from P03 until the other two may meet, so P01 takes it.
    expect(pairRound('swiss', field(3), [], allBlockedWithP01)).toEqual({ tables: [{ table: 0, seats: ['P02', 'P03'] }], byes: ['P01'] });
    expect(() => pairRound('swiss', field(4), [], allBlockedWithP01)).toThrow(/blocked/);
  });

  it('refuses to pair a round after one with a missing result', () => {
    const P4 = field(4);
    const r1 = pairRound('swiss', P4, []);
    expect(() => pairRound('swiss', P4, [{ round: 1, pairing: r1, results: [{ table: 0, points: [1, 0] }] }])).toThrow(
      /table 1 has no result/,
    );
  });

  it('pairs 1,000 players for 10 rounds without a repeat', () => {
    const big = field(1000);
    const played: PlayedRound[] = [];
    for (let round = 1; round <= 10; round++) {
      const pairing = pairRound('swiss', big, played);
      expectEveryoneOnce(big, pairing);
      // Scripted: the lower seed wins, except where a fixed arithmetic rule calls an upset or a draw.
      const results = pairing.tables.map(({ table, seats: [a, b] }): TableResult => {
        const h = (seed(a) * 7 + seed(b) * 13 + round) % 10;
        if (h === 0) return { table, points: [0.5, 0.5] };
        const aWins = seed(a) < seed(b) !== h < 3;
        return { table, points: aWins ? [1, 0] : [0, 1] };
      });
      played.push({ round, pairing, results });
    }
    expectNoRepeats(played);
  });
});

describe('round-robin pairing', () => {
  it('draws five players by Berger tables: one bye each, every pair once', () => {
    const five = field(5);
    const played = run(
      'roundRobin',
      five,
      Array.from({ length: 5 }, () => [[], []]),
    );
    // Berger tables for 6 (player 6 is the bye): 1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1
    expect(played.map((r) => ({ byes: r.pairing.byes, seats: seatsOf(r.pairing) }))).toEqual([
      {
        byes: ['P01'],
        seats: [
          ['P02', 'P05'],
          ['P03', 'P04'],
        ],
      },
      {
        byes: ['P04'],
        seats: [
          ['P05', 'P03'],
          ['P01', 'P02'],
        ],
      },
      {
        byes: ['P02'],
        seats: [
          ['P03', 'P01'],
          ['P04', 'P05'],
        ],
      },
      {
        byes: ['P05'],
        seats: [
          ['P01', 'P04'],
          ['P02', 'P03'],
        ],
      },
      {
        byes: ['P03'],
        seats: [
          ['P04', 'P02'],
          ['P05', 'P01'],
        ],
      },
    ]);
    expectNoRepeats(played);
    expect(played.flatMap((r) => unordered(r.pairing)).length).toBe(10); // 5·4/2 pairs
    expect(() => pairRound('roundRobin', five, played)).toThrow(/5 rounds/);
  });

  it('meets every pair exactly once and keeps seat-0 counts within one, for 2 to 12 players', () => {
    for (let n = 2; n <= 12; n++) {
      const P = field(n);
      const played = run(
        'roundRobin',
        P,
        Array.from({ length: roundsOf('roundRobin', n) }, () => [[], []]),
      );
      expectNoRepeats(played);
      expect(played.flatMap((r) => r.pairing.tables).length).toBe((n * (n - 1)) / 2);
      const byes = played.flatMap((r) => r.pairing.byes).sort();
      expect(byes).toEqual(n % 2 ? P.map((e) => e.playerId) : []);
      const seat0 = P.map((e) => played.flatMap((r) => r.pairing.tables).filter((t) => t.seats[0] === e.playerId).length);
      expect(Math.max(...seat0) - Math.min(...seat0), `n=${n}`).toBeLessThanOrEqual(1);
      for (const r of played) expectEveryoneOnce(P, r.pairing);
    }
  });

  it('ignores avoid (a blocked pair is refused at entry)', () => {
    expect(pairRound('roundRobin', field(4), [], () => true)).toEqual(pairRound('roundRobin', field(4), []));
  });
});

describe('elimination pairing', () => {
  it('orders the bracket so that seeds 1 and 2 can only meet in the final', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
  });

  it('gives six players a bracket of 8: seeds 1 and 2 have byes; winners meet in bracket order', () => {
    const six = field(6);
    const r1 = pairRound('elimination', six, []);
    // slots 1–8 (bye), 4–5, 2–7 (bye), 3–6; higher seed in seat 0
    expect(r1).toEqual({
      tables: [
        { table: 0, seats: ['P04', 'P05'] },
        { table: 1, seats: ['P03', 'P06'] },
      ],
      byes: ['P01', 'P02'],
    });
    // P05 beats P04; P03–P06 drawn and P06 goes through.
    const played: PlayedRound[] = [
      {
        round: 1,
        pairing: r1,
        results: [
          { table: 0, points: [0, 1] },
          { table: 1, points: [0.5, 0.5], advances: 1 },
        ],
      },
    ];
    const r2 = pairRound('elimination', six, played);
    expect(r2).toEqual({
      tables: [
        { table: 0, seats: ['P01', 'P05'] },
        { table: 1, seats: ['P02', 'P06'] },
      ],
      byes: [],
    });
    played.push(play(2, r2, ['P06>P02']));
    const r3 = pairRound('elimination', six, played);
    expect(r3).toEqual({ tables: [{ table: 0, seats: ['P01', 'P06'] }], byes: [] });
    played.push(play(3, r3));
    expect(() => pairRound('elimination', six, played)).toThrow(/over/);
  });

  it('sends a draw without `advances` to seat 0, the higher seed', () => {
    const four = field(4);
    const r1 = pairRound('elimination', four, []);
    expect(seatsOf(r1)).toEqual([
      ['P01', 'P04'],
      ['P02', 'P03'],
    ]);
    const played = [play(1, r1, [], ['P01=P04', 'P02=P03'])];
    expect(seatsOf(pairRound('elimination', four, played))).toEqual([['P01', 'P02']]);
  });

  it('meets the top two seeds in the final of 8 when the favourites win', () => {
    const played = run('elimination', field(8), [
      [[], []],
      [[], []],
      [[], []],
    ]);
    expect(played.map((r) => seatsOf(r.pairing))).toEqual([
      [
        ['P01', 'P08'],
        ['P04', 'P05'],
        ['P02', 'P07'],
        ['P03', 'P06'],
      ],
      [
        ['P01', 'P04'],
        ['P02', 'P03'],
      ],
      [['P01', 'P02']],
    ]);
  });
});
