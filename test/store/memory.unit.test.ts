/**
 * The host's storage in memory passes the same behaviour suite as the DynamoDB one
 * (test/store/dynamodb.test.ts), so tests of hosting logic can run on it with no Java.
 */
import { describe } from 'vitest';
import { memoryStorage } from '../../functions/adapters/store/memory';
import { storeContract } from '../support/store-contract';

describe('storage in memory', () => {
  const storage = memoryStorage();
  storeContract(() => ({
    ...storage,
    plantSnapshot: async (gameId, stored) => storage.store.putSnapshot(gameId, stored),
    dropSnapshot: async (gameId, version) => storage.store.deleteSnapshot(gameId, version),
  }));
});
