/** The accounts part of the process's runtime (see runtime.ts): the account store and sessions, without zod or the games. */
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { DynamoAccountStore } from '../adapters/store/accounts';
import type { AccountStore } from '../stores/accounts';
import { now } from './now';
import { Sessions } from './sessions';

let accounts: { store: AccountStore; sessions: Sessions } | undefined;

export function getAccounts(): { store: AccountStore; sessions: Sessions } {
  if (!accounts) {
    const store = new DynamoAccountStore(dynamo(), config().tableName);
    accounts = { store, sessions: new Sessions(store, now) };
  }
  return accounts;
}
