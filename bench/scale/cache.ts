/**
 * Bounded memory: the heap a handler process keeps after touching 20,000 games, with the record
 * cache at its cap (CACHED_GAMES) and, for comparison, unbounded. Each game is a 2-player Vasco
 * da Gama game stored in DynamoDB Local (created and joined); touching it reads it through the
 * event store as a request would. Heap figures are after a full collection.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { planCreate, planJoin } from '../../functions/core/plans';
import { applyCommit } from '../../functions/core/record';
import { EventStore } from '../../functions/adapters/store/event-store';
import { CACHED_GAMES, Games } from '../../functions/host/games';
import { standaloneTable } from '../../local/tables';
import { inBatches, round } from '../measure';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

export async function cacheSuite(opts: { games: number }) {
  const table = await standaloneTable('caravela');
  try {
    const store = new EventStore(table.doc, 'caravela');
    const at = new Date().toISOString();
    const ids = await inBatches(opts.games, 25, async (i) => {
      const create = planCreate({
        gameId: `cache-${i}`,
        game: 'vasco-da-gama',
        players: 2,
        options: {},
        player: { playerId: `a-${i}`, name: 'Ana' },
        seed: i,
        at,
      });
      const created = applyCommit(null, create);
      await store.append(create, created, null);
      const join = planJoin(created, { playerId: `b-${i}`, name: 'Bruno' }, undefined, i + 1, at)!;
      await store.append(join, applyCommit(created, join), created);
      if (i % 2000 === 0) process.stderr.write(`cache: stored ${i} games\n`);
      return create.gameId;
    });
    const touch = async (cap: number) => {
      const before = heap();
      const games = new Games(store, false, { count: () => undefined }, cap);
      // The records are not collected here: only the cache may keep them.
      for (let i = 0; i < ids.length; i += 50) {
        await Promise.all(ids.slice(i, i + 50).map(async (id) => void (await games.fresh(id))));
      }
      const after = heap();
      const kept = games.cacheSize;
      const one = (await games.fresh(ids.at(-1)!)) as unknown;
      return {
        cap,
        recordsKept: kept,
        cacheHeapMiB: round((after - before) / 2 ** 20),
        processHeapMiB: round(after / 2 ** 20),
        recordBytes: JSON.stringify(one).length,
      };
    };
    const bounded = await touch(CACHED_GAMES);
    process.stderr.write('cache: bounded measured\n');
    const unbounded = await touch(opts.games);
    return {
      description:
        "heap kept by a handler process's game-record cache after touching every game once (full GC); DynamoDB Local not included",
      gamesTouched: ids.length,
      game: 'vasco-da-gama, 2 players, started',
      bounded,
      unbounded,
    };
  } finally {
    await table.stop();
  }
}
