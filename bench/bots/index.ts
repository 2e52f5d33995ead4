/**
 * The bots suite (`npm run bench -- --suite bots [--game goa] [--games 100] [--quick]`): for each
 * game, the strong bot against the heuristic in 2-player games (seats alternating) and against
 * three heuristics in 4-player games (its seat rotating), and the heuristic against the random
 * bot in 2-player games, over fixed seeds, spread over one worker process per core. Reported: win
 * rates (a tie for first counts half), average scores, game lengths and decision times per bot —
 * the figures the new-game screen quotes when it explains the levels.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { round } from '../measure';
import type { MatchInput, MatchResult } from './match';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** Plays every match on `workers` processes; results in the order of `matches`. */
export async function playMatches(matches: MatchInput[], workers = os.cpus().length): Promise<MatchResult[]> {
  const results: MatchResult[] = new Array(matches.length);
  let next = 0;
  const run = (child: ChildProcess) =>
    new Promise<void>((resolve, reject) => {
      let current = -1;
      const give = () => {
        if (next >= matches.length) {
          child.send('done');
          return resolve();
        }
        current = next++;
        child.send(matches[current]!);
      };
      child.on('message', (m: MatchResult | 'ready') => {
        if (m !== 'ready') results[current] = m;
        give();
      });
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`bots worker exited with ${code} during ${JSON.stringify(matches[current])}`)),
      );
    });
  const children = Array.from({ length: Math.max(1, Math.min(workers, matches.length)) }, () =>
    fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  await Promise.all(children.map(run));
  return results;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;

function timing(all: number[]) {
  const sorted = all.slice().sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return {
    decisions: sorted.length,
    meanMs: round(mean),
    p50Ms: round(percentile(sorted, 0.5)),
    p90Ms: round(percentile(sorted, 0.9)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/** Win rate, scores, lengths and times of `bot` (in `seatOf(result)`) over a set of results. */
export function summarize(results: MatchResult[], bot: string, seatOf: (r: MatchResult) => number) {
  let wins = 0;
  let botScore = 0;
  let otherScore = 0;
  let others = 0;
  const lengths: number[] = [];
  const times: Record<string, number[]> = {};
  for (const r of results) {
    const seat = seatOf(r);
    if (r.winners.includes(seat)) wins += 1 / r.winners.length;
    botScore += r.scores[seat]!;
    r.scores.forEach((s, i) => {
      if (i === seat) return;
      otherScore += s;
      others++;
    });
    lengths.push(r.commands);
    for (const [name, ms] of Object.entries(r.decisionMs)) (times[name] ??= []).push(...ms);
  }
  lengths.sort((a, b) => a - b);
  return {
    games: results.length,
    [`${bot}WinRate`]: round(wins / results.length),
    [`${bot}AverageScore`]: round(botScore / results.length),
    othersAverageScore: round(otherScore / others),
    commandsPerGame: { min: lengths[0], p50: percentile(lengths, 0.5), max: lengths.at(-1) },
    decisionTimes: Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, timing(ms)])),
  };
}

export async function botsSuite(opts: { games: string[]; twoPlayerGames: number; fourPlayerGames: number; log: (line: string) => void }) {
  const out: Record<string, unknown> = {};
  for (const game of opts.games) {
    const two: MatchInput[] = Array.from({ length: opts.twoPlayerGames }, (_, i) => ({
      game,
      seed: 1000 + i,
      seats: i % 2 ? ['heuristic', 'strong'] : ['strong', 'heuristic'],
    }));
    const easy: MatchInput[] = Array.from({ length: opts.twoPlayerGames }, (_, i) => ({
      game,
      seed: 9000 + i,
      seats: i % 2 ? ['random', 'heuristic'] : ['heuristic', 'random'],
    }));
    const four: MatchInput[] = Array.from({ length: opts.fourPlayerGames }, (_, i) => ({
      game,
      seed: 5000 + i,
      seats: Array.from({ length: 4 }, (_, s) => (s === i % 4 ? 'strong' : 'heuristic')),
    }));
    const started = Date.now();
    const results = await playMatches([...two, ...four, ...easy]);
    const strongSeat = (r: MatchResult) => r.seats.indexOf('strong');
    const twoPlayer = summarize(results.slice(0, two.length), 'strong', strongSeat);
    const fourPlayer = summarize(results.slice(two.length, two.length + four.length), 'strong', strongSeat);
    const heuristicVsRandom = summarize(results.slice(two.length + four.length), 'heuristic', (r) => r.seats.indexOf('heuristic'));
    out[game] = {
      twoPlayerStrongVsHeuristic: twoPlayer,
      fourPlayerStrongVsThreeHeuristics: fourPlayer,
      twoPlayerHeuristicVsRandom: heuristicVsRandom,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    opts.log(
      `${game.padEnd(14)} strong vs heuristic: 2 players ${twoPlayer.strongWinRate} of ${twoPlayer.games}; 4 players ${fourPlayer.strongWinRate} of ${fourPlayer.games}; heuristic vs random ${heuristicVsRandom.heuristicWinRate}; strong decision p90 ${(twoPlayer.decisionTimes as Record<string, { p90Ms: number }>).strong?.p90Ms} ms`,
    );
  }
  return out;
}
