/**
 * Load time of a long game: a 5-player Navegador game stalled on purpose (nobody builds or sails,
 * so it never ends) until it holds 10,000 game events, stored commit by commit in DynamoDB Local
 * with a snapshot every SNAPSHOT_EVERY versions, as the host stores games. Then timed: a cold
 * load as the host does it (latest snapshot + the commits after it), and a load from the commits
 * alone (every commit read and folded), the path a store without snapshots would take.
 */
import { Rng } from '../../domain/engine/rng';
import { FIELDS } from '../../domain/games/navegador/data';
import type { NavCommand } from '../../domain/games/navegador/commands';
import { planAutomatic, planCreate } from '../../functions/core/plans';
import { applyCommit, applyDecided, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import { EventStore, SNAPSHOT_EVERY } from '../../functions/adapters/store/event-store';
import { TABLE_NAME } from '../../local/server';
import { standaloneTable } from '../../local/tables';
import { latency } from '../pipeline';
import { inBatches, round } from '../measure';

const at = '2026-11-21T12:00:00.000Z';

/** Anything but building or sailing, cheapest rondel move first: the game goes on for ever. */
function stall(legal: NavCommand[], rng: Rng): NavCommand {
  const moves = legal.filter(
    (c): c is Extract<NavCommand, { type: 'move' }> =>
      c.type === 'move' && FIELDS[c.field] !== 'buildings' && FIELDS[c.field] !== 'sailing',
  );
  if (moves.length) return moves[rng.int(Math.min(2, moves.length))]!;
  return (
    legal.find((c) => c.type === 'done') ??
    legal.find((c) => c.type !== 'build' && c.type !== 'moveShip' && c.type !== 'useNavegador') ??
    legal[0]!
  );
}

/** The commits of a game with at least `events` game events. */
export function longGame(events: number): { commits: Commit[]; records: GameRecord[]; gameEvents: number } {
  const players = 5;
  const create = planCreate({
    gameId: `long-${events}`,
    game: 'navegador',
    players,
    options: {},
    player: { playerId: 'p0', name: 'Ana' },
    bots: [1, 2, 3, 4],
    seed: 42,
    at,
  });
  const commits = [create];
  const records = [applyCommit(null, create)];
  const rng = new Rng(7);
  let gameEvents = create.events.filter((e) => !e.type.startsWith('$')).length;
  while (gameEvents < events) {
    const r = records.at(-1)!;
    const module = moduleOf(r);
    const seat = module.activeSeats(r.state)[0]!;
    const decided = planAutomatic(r, seat, stall(module.legal(r.state, seat), rng), at);
    const { commit } = decided;
    if (r.status !== 'active') throw new Error('the stalled game ended');
    commits.push(commit);
    records.push(applyDecided(r, decided));
    gameEvents += commit.events.length;
  }
  return { commits, records, gameEvents };
}

async function timed<T>(runs: number, fn: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = await fn();
    ms.push(performance.now() - start);
  }
  return { ms, last };
}

export async function longGameSuite(opts: { events: number; runs: number }) {
  const built = performance.now();
  const { commits, records, gameEvents } = longGame(opts.events);
  const buildMs = performance.now() - built;
  // The store alone, on its own DynamoDB Local: no handlers, no stream reader.
  const table = await standaloneTable(TABLE_NAME);
  const db = table.doc;
  try {
    const store = new EventStore(db, TABLE_NAME);
    const written = performance.now();
    // Different versions are different items: write them 16 at a time.
    await inBatches(commits.length, 16, async (i) => {
      if (!(await store.append(commits[i]!, records[i]!, records[i - 1] ?? null))) throw new Error(`version ${commits[i]!.version} taken`);
      if (records[i]!.version % SNAPSHOT_EVERY === 0) await store.saveSnapshot(records[i]!);
    });
    const writeMs = performance.now() - written;
    const final = records.at(-1)!;
    const gameId = final.gameId;
    const snapshotBytes = JSON.stringify(final).length;
    // Cold loads: a fresh store each time (the host's cache would skip the read altogether).
    const withSnapshots = await timed(opts.runs, () => new EventStore(db, TABLE_NAME).load(gameId));
    const fromCommits = await timed(opts.runs, async () =>
      (await new EventStore(db, TABLE_NAME).commits(gameId)).reduce<GameRecord | null>((r, c) => applyCommit(r, c), null),
    );
    const foldOnly = await timed(opts.runs, async () => commits.reduce<GameRecord | null>((r, c) => applyCommit(r, c), null));
    for (const loaded of [withSnapshots.last, fromCommits.last]) {
      if (JSON.stringify(loaded) !== JSON.stringify(final)) throw new Error('a loaded record differs from the stored game');
    }
    const figures = (t: { ms: number[] }) => latency(t.ms);
    return {
      game: 'navegador, 5 players, stalled (no building, no sailing)',
      gameEvents,
      commits: commits.length,
      snapshotEvery: SNAPSHOT_EVERY,
      recordJsonBytes: snapshotBytes,
      buildSeconds: round(buildMs / 1000),
      writeSeconds: round(writeMs / 1000),
      loadWithSnapshots: { description: 'latest snapshot + the commits after it, DynamoDB Local', ...figures(withSnapshots) },
      loadFromCommits: { description: 'every commit read and folded, DynamoDB Local', ...figures(fromCommits) },
      foldOnly: { description: 'folding every commit in memory, no reads', ...figures(foldOnly) },
    };
  } finally {
    await table.stop();
  }
}
