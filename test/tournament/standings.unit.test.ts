import { describe, expect, it } from 'vitest';
import type { Entrant, PlayedRound, TableResult } from '../../functions/core/tournament/format';
import { type Standing, standings } from '../../functions/core/tournament/standings';

/** P01…Pnn in seed order. */
const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => {
    const id = `P${String(i + 1).padStart(2, '0')}`;
    return { playerId: id, name: `Player ${id}` };
  });

/** A game as written on a score sheet: seat 0, seat 1, result ('1-0', '0-1', '½' or null while in play). */
type Game = [string, string, '1-0' | '0-1' | '½' | null, (0 | 1)?];

/** A round from its games (tables numbered in order) and byes. */
function round(n: number, games: Game[], byes: string[] = []): PlayedRound {
  const results: TableResult[] = [];
  games.forEach(([, , r, advances], table) => {
    if (r === null) return;
    const points: [number, number] = r === '1-0' ? [1, 0] : r === '0-1' ? [0, 1] : [0.5, 0.5];
    results.push(advances === undefined ? { table, points } : { table, points, advances });
  });
  return { round: n, pairing: { tables: games.map(([a, b], table) => ({ table, seats: [a, b] })), byes }, results };
}

const columns = (rows: Standing[], ...keys: (keyof Standing)[]) => rows.map((row) => keys.map((k) => row[k]));

describe('Swiss standings', () => {
  // The 16-player event of pairing.unit.test.ts: lower seed wins except the upsets and draws marked.
  const rounds = [
    round(1, [
      ['P01', 'P02', '1-0'],
      ['P03', 'P04', '0-1'], // upset
      ['P05', 'P06', '1-0'],
      ['P07', 'P08', '1-0'],
      ['P09', 'P10', '½'],
      ['P11', 'P12', '1-0'],
      ['P13', 'P14', '1-0'],
      ['P15', 'P16', '1-0'],
    ]),
    round(2, [
      ['P04', 'P01', '0-1'],
      ['P05', 'P07', '½'],
      ['P11', 'P13', '0-1'], // upset
      ['P15', 'P09', '0-1'],
      ['P10', 'P02', '0-1'],
      ['P06', 'P03', '0-1'],
      ['P08', 'P12', '1-0'],
      ['P14', 'P16', '1-0'],
    ]),
    round(3, [
      ['P01', 'P13', '½'],
      ['P09', 'P05', '0-1'],
      ['P02', 'P07', '1-0'],
      ['P03', 'P08', '0-1'], // upset
      ['P04', 'P11', '1-0'],
      ['P14', 'P15', '1-0'],
      ['P10', 'P06', '0-1'],
      ['P12', 'P16', '1-0'],
    ]),
    round(4, [
      ['P05', 'P01', '0-1'],
      ['P13', 'P02', '1-0'], // upset
      ['P08', 'P04', '½'],
      ['P07', 'P14', '1-0'],
      ['P09', 'P03', '0-1'],
      ['P06', 'P11', '1-0'],
      ['P12', 'P15', '1-0'],
      ['P16', 'P10', '0-1'],
    ]),
  ];

  it('orders 16 players by points, Buchholz, then Sonneborn-Berger', () => {
    // Final points: P01 3½ P13 3½ | P04 P05 P07 P08 2½ | P02 P03 P06 P12 P14 2 | P09 P10 1½ | P11 P15 1 | P16 0.
    // P01: met P02 (2) + P04 (2½) + P13 (3½) + P05 (2½) = Buchholz 10½; beat P02, P04, P05 and drew P13:
    //      SB 2 + 2½ + 2½ + 3½/2 = 8¾.
    // P13: met P14 (2) + P11 (1) + P01 (3½) + P02 (2) = 8½; SB 2 + 1 + 2 + 3½/2 = 6¾. P01 first on Buchholz.
    // P05: met P06 (2) + P07 (2½) + P09 (1½) + P01 (3½) = 9½ — ahead of P07, P08, P04 (9 each).
    // P07: P08 2½ + P05 2½ + P02 2 + P14 2 = 9; SB beat P08 2½, P14 2, drew P05 1¼ = 5¾.
    // P08: P07 2½ + P12 2 + P03 2 + P04 2½ = 9; SB beat P12 2, P03 2, drew P04 1¼ = 5¼.
    // P04: P03 2 + P01 3½ + P11 1 + P08 2½ = 9; SB beat P03 2, P11 1, drew P08 1¼ = 4¼.
    // P06 and P14 both 2 points, Buchholz 7 (P05 2½ + P03 2 + P10 1½ + P11 1; P13 3½ + P16 0 + P15 1 + P07 2½):
    //      SB P06 beat P10 1½ + P11 1 = 2½; P14 beat P16 0 + P15 1 = 1.
    // P16: lost to P15 (1), P14 (2), P12 (2), P10 (1½): Buchholz 6½, SB 0.
    expect(columns(standings('swiss', field(16), rounds), 'rank', 'playerId', 'points', 'buchholz', 'sonnebornBerger')).toEqual([
      [1, 'P01', 3.5, 10.5, 8.75],
      [2, 'P13', 3.5, 8.5, 6.75],
      [3, 'P05', 2.5, 9.5, 4.75],
      [4, 'P07', 2.5, 9, 5.75],
      [5, 'P08', 2.5, 9, 5.25],
      [6, 'P04', 2.5, 9, 4.25],
      [7, 'P02', 2, 11, 4],
      [8, 'P03', 2, 8.5, 3.5],
      [9, 'P06', 2, 7, 2.5],
      [10, 'P14', 2, 7, 1],
      [11, 'P12', 2, 4.5, 1],
      [12, 'P09', 1.5, 7, 1.75],
      [13, 'P10', 1.5, 5.5, 0.75],
      [14, 'P11', 1, 10, 2],
      [15, 'P15', 1, 5.5, 0],
      [16, 'P16', 0, 6.5, 0],
    ]);
  });

  it('counts wins, draws and losses', () => {
    const rows = standings('swiss', field(16), rounds);
    const row = (id: string) => rows.find((r) => r.playerId === id)!;
    expect(row('P01')).toMatchObject({ wins: 3, draws: 1, losses: 0, byes: 0, name: 'Player P01', outIn: null });
    expect(row('P09')).toMatchObject({ wins: 1, draws: 1, losses: 2, byes: 0 });
    expect(row('P16')).toMatchObject({ wins: 0, draws: 0, losses: 4, byes: 0 });
  });

  it('shares a rank between equal players (1, 2, 2, 4), listed in seed order', () => {
    const rows = standings('swiss', field(4), [
      round(1, [
        ['P01', 'P02', '1-0'],
        ['P03', 'P04', '½'],
      ]),
    ]);
    // P03 and P04: ½ point, Buchholz ½ (each other), SB ¼
    expect(columns(rows, 'rank', 'playerId', 'points', 'buchholz', 'sonnebornBerger')).toEqual([
      [1, 'P01', 1, 0, 0],
      [2, 'P03', 0.5, 0.5, 0.25],
      [2, 'P04', 0.5, 0.5, 0.25],
      [4, 'P02', 0, 1, 0],
    ]);
  });

  it('counts a table still in play for nothing, a bye at once', () => {
    const rows = standings('swiss', field(5), [
      round(
        1,
        [
          ['P01', 'P02', null],
          ['P03', 'P04', '0-1'],
        ],
        ['P05'],
      ),
    ]);
    // P03 lost to P04 (1 point): Buchholz 1, ahead of P01 and P02, who have met nobody yet.
    expect(columns(rows, 'rank', 'playerId', 'points', 'buchholz', 'wins', 'losses', 'byes')).toEqual([
      [1, 'P04', 1, 0, 1, 0, 0],
      [1, 'P05', 1, 0, 0, 0, 1],
      [3, 'P03', 0, 1, 0, 1, 0],
      [4, 'P01', 0, 0, 0, 0, 0],
      [4, 'P02', 0, 0, 0, 0, 0],
    ]);
  });
});

describe('round-robin standings', () => {
  // Five players by Berger tables (the bye is the sixth slot):
  //   1-2 P01, 1-3 P03, 1-4 P04, 1-5 P01, 2-3 P02, 2-4 P02, 2-5 P05, 3-4 draw, 3-5 P03, 4-5 P04.
  const rounds = [
    round(
      1,
      [
        ['P02', 'P05', '0-1'],
        ['P03', 'P04', '½'],
      ],
      ['P01'],
    ),
    round(
      2,
      [
        ['P05', 'P03', '0-1'],
        ['P01', 'P02', '1-0'],
      ],
      ['P04'],
    ),
    round(
      3,
      [
        ['P03', 'P01', '1-0'],
        ['P04', 'P05', '1-0'],
      ],
      ['P02'],
    ),
    round(
      4,
      [
        ['P01', 'P04', '0-1'],
        ['P02', 'P03', '1-0'],
      ],
      ['P05'],
    ),
    round(
      5,
      [
        ['P04', 'P02', '0-1'],
        ['P05', 'P01', '0-1'],
      ],
      ['P03'],
    ),
  ];

  it('orders by points, head-to-head, then Sonneborn-Berger', () => {
    // Points (bye 1 each): P03 and P04 1 + W + D + W = 3½; P01 1 + 2 wins = 3; P02 1 + 2 wins = 3; P05 1 + 1 win = 2.
    // P01 and P02 tied on 3: P01 beat P02, so head-to-head P01 1, P02 0 — P01 first although
    //   SB says otherwise: P01 beat P02 (3) + P05 (2) = 5; P02 beat P03 (3½) + P04 (3½) = 7.
    // P03 and P04 tied on 3½ drew each other: head-to-head ½ each; SB both 3 (P01) + 3½/2 + 2 (P05) = 6¾: shared rank 1.
    // Buchholz (shown, not ordering): P01 3 + 3½ + 3½ + 2 = 12; P05 3 + 3 + 3½ + 3½ = 13.
    expect(
      columns(standings('roundRobin', field(5), rounds), 'rank', 'playerId', 'points', 'headToHead', 'sonnebornBerger', 'buchholz'),
    ).toEqual([
      [1, 'P03', 3.5, 0.5, 6.75, 11.5],
      [1, 'P04', 3.5, 0.5, 6.75, 11.5],
      [3, 'P01', 3, 1, 5, 12],
      [4, 'P02', 3, 0, 7, 12],
      [5, 'P05', 2, 0, 3, 13],
    ]);
    expect(columns(standings('roundRobin', field(5), rounds), 'playerId', 'wins', 'draws', 'losses', 'byes')).toEqual([
      ['P03', 2, 1, 1, 1],
      ['P04', 2, 1, 1, 1],
      ['P01', 2, 0, 2, 1],
      ['P02', 2, 0, 2, 1],
      ['P05', 1, 0, 3, 1],
    ]);
  });

  it('is live: after round 2 with P05–P03 still in play', () => {
    const live = [
      rounds[0]!,
      round(
        2,
        [
          ['P05', 'P03', null],
          ['P01', 'P02', '1-0'],
        ],
        ['P04'],
      ),
    ];
    // P01 bye + beat P02 = 2; P04 ½ + bye = 1½; P05 beat P02 = 1; P03 ½ (its game with P05 not counted); P02 0.
    // P03's Buchholz is P04's 1½ alone: P05 is not yet an opponent met.
    expect(columns(standings('roundRobin', field(5), live), 'rank', 'playerId', 'points', 'buchholz')).toEqual([
      [1, 'P01', 2, 0],
      [2, 'P04', 1.5, 0.5],
      [3, 'P05', 1, 0],
      [4, 'P03', 0.5, 1.5],
      [5, 'P02', 0, 3],
    ]);
  });
});

describe('elimination standings', () => {
  // Six players, bracket of 8: P01 and P02 have byes; P05 beats P04; P03–P06 drawn, P06 goes through;
  // then P01 beats P05, P06 beats P02; final P01 beats P06.
  const rounds = [
    round(
      1,
      [
        ['P04', 'P05', '0-1'],
        ['P03', 'P06', '½', 1],
      ],
      ['P01', 'P02'],
    ),
    round(2, [
      ['P01', 'P05', '1-0'],
      ['P02', 'P06', '0-1'],
    ]),
    round(3, [['P01', 'P06', '1-0']]),
  ];

  it('ranks the champion first, then by the round each player went out in, sharing a rank per round', () => {
    // P01 bye 1 + 1 + 1 = 3; P06 ½ + 1 + 0 = 1½; P02 bye 1 + 0; P05 1 + 0; P03 ½; P04 0.
    expect(
      columns(standings('elimination', field(6), rounds), 'rank', 'playerId', 'outIn', 'points', 'wins', 'draws', 'losses', 'byes'),
    ).toEqual([
      [1, 'P01', null, 3, 2, 0, 0, 1],
      [2, 'P06', 3, 1.5, 1, 1, 1, 0],
      [3, 'P02', 2, 1, 0, 0, 1, 1],
      [3, 'P05', 2, 1, 1, 0, 1, 0],
      [5, 'P03', 1, 0.5, 0, 1, 0, 0],
      [5, 'P04', 1, 0, 0, 0, 1, 0],
    ]);
  });

  it('keeps everyone still in at the top while round 2 is played', () => {
    const live = [
      rounds[0]!,
      round(2, [
        ['P01', 'P05', null],
        ['P02', 'P06', null],
      ]),
    ];
    // Still in, by points then seed: P01 1, P02 1, P05 1, P06 ½; out in round 1: P03 ½, P04 0.
    expect(columns(standings('elimination', field(6), live), 'rank', 'playerId', 'outIn', 'points')).toEqual([
      [1, 'P01', null, 1],
      [1, 'P02', null, 1],
      [1, 'P05', null, 1],
      [1, 'P06', null, 0.5],
      [5, 'P03', 1, 0.5],
      [5, 'P04', 1, 0],
    ]);
  });
});
