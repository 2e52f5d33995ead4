/**
 * The behaviour of a failed-batch store (functions/stores/failed-batches.ts), run against each
 * implementation (test/store/failed-batches.unit.test.ts): what Lambda put there is listed in key
 * order (a shard's batches oldest first), read whole, and deleted; something gone reads as null,
 * and deleting it again is no error.
 */
import { describe, expect, it } from 'vitest';
import type { FailedBatchStore } from '../../../functions/stores/failed-batches';

export interface FailedBatchKit {
  store: FailedBatchStore;
  /** Put an object as Lambda does. */
  put(key: string, text: string): void;
}

export function failedBatchStoreContract(kit: () => Promise<FailedBatchKit>): void {
  describe('failed-batch store', () => {
    const key = (shard: string, second: number) =>
      `aws/lambda/6f1c8d2a-mapping/${shard}/2026/11/27/2026-11-27T14.00.${String(second).padStart(2, '0')}-${shard}${second}`;

    it('lists every object in key order, across pages, and reads each whole', async () => {
      const { store, put } = await kit();
      const keys = [key('shardId-2', 1), key('shardId-1', 3), key('shardId-1', 1), key('shardId-1', 2), key('shardId-3', 0)];
      const text = (k: string) => JSON.stringify({ key: k, payload: JSON.stringify({ Records: [{ note: 'é & <ü>' }] }) });
      for (const k of keys) put(k, text(k));
      expect(await store.keys()).toEqual([...keys].sort());
      for (const k of keys) expect(await store.read(k)).toBe(text(k));
    });

    it('deletes what was played; what is gone reads as null, and deleting it again is no error', async () => {
      const { store, put } = await kit();
      const [a, b] = [key('shardId-1', 1), key('shardId-1', 2)];
      put(a, '{"a":1}');
      put(b, '{"b":2}');
      await store.delete(a);
      expect(await store.keys()).toEqual([b]);
      expect(await store.read(a)).toBeNull();
      await store.delete(a);
      expect(await store.keys()).toEqual([b]);
    });

    it('lists nothing when empty', async () => {
      const { store } = await kit();
      expect(await store.keys()).toEqual([]);
    });
  });
}
