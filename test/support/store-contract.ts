/**
 * The stores' behaviours (functions/stores/), one suite per store (test/support/contracts/), run
 * against every implementation: in memory (test/store/memory.unit.test.ts) and on DynamoDB
 * Local (test/store/dynamodb.test.ts). Each run's ids are its own, so runs may share one table.
 */
import type { Stores } from '../../functions/stores';
import { accountStoreContract } from './contracts/accounts';
import { chatStoreContract } from './contracts/chat';
import { compactorContract } from './contracts/compactor';
import { connectionStoreContract } from './contracts/connections';
import { digestStoreContract } from './contracts/digests';
import { gameStoreContract } from './contracts/games';
import { hiddenGameStoreContract } from './contracts/hidden-games';
import { suiteContext, type StoreKit } from './contracts/kit';
import { listingStoreContract } from './contracts/listings';
import { notificationStoreContract } from './contracts/notifications';
import { playerGameStoreContract } from './contracts/player-games';
import { playerStoreContract } from './contracts/players';
import { quotaStoreContract } from './contracts/quotas';
import { ratingStoreContract } from './contracts/ratings';
import { scheduleStoreContract } from './contracts/schedule';
import { tournamentStoreContract } from './contracts/tournaments';
import { socialStoreContract } from './contracts/social';

export type { StoreKit } from './contracts/kit';

const CONTRACTS: Record<keyof Stores, (kit: () => StoreKit, context: ReturnType<typeof suiteContext>) => void> = {
  games: gameStoreContract,
  compactor: compactorContract,
  connections: connectionStoreContract,
  players: playerStoreContract,
  playerGames: playerGameStoreContract,
  quotas: quotaStoreContract,
  schedule: scheduleStoreContract,
  notifications: notificationStoreContract,
  accounts: accountStoreContract,
  chat: chatStoreContract,
  listings: listingStoreContract,
  hidden: hiddenGameStoreContract,
  ratings: ratingStoreContract,
  digests: digestStoreContract,
  tournaments: tournamentStoreContract,
  social: socialStoreContract,
};

/**
 * Registers the suites of the stores `kit` gives (called once the suites' tests run); `only`:
 * those stores' suites alone (the others are in `kit` for the data they share).
 */
export function storeContract(kit: () => StoreKit, only?: readonly (keyof Stores)[]): void {
  const context = suiteContext(kit);
  for (const [store, contract] of Object.entries(CONTRACTS) as [keyof Stores, (typeof CONTRACTS)[keyof Stores]][])
    if (!only || only.includes(store)) contract(kit, context);
}
