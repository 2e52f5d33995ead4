/**
 * Every store in memory passes the same behaviour suites as the DynamoDB ones
 * (test/store/dynamodb.test.ts), so tests and a local server can run on them with no Java.
 */
import { describe } from 'vitest';
import { memoryStores } from '../../functions/adapters/memory';
import { storeContract } from '../support/store-contract';

describe('stores in memory', () => {
  const stores = memoryStores();
  storeContract(() => ({
    stores,
    plantSnapshot: async (gameId, stored) => stores.games.putSnapshot(gameId, stored),
    dropSnapshot: async (gameId, version) => stores.games.deleteSnapshot(gameId, version),
    restoreCommit: async (item) => stores.games.restoreCommit(item),
    plantRating: async (playerId, game, rating) => stores.ratings.plantRating(playerId, game, rating),
  }));
});
