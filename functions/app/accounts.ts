/** Accounts: devices, passkeys and sign-in addresses, and players' sessions (tokens of players and devices). */
import { DynamoAccountStore } from '../adapters/store/accounts';
import { Sessions } from '../host/sessions';
import type { AccountStore } from '../stores/accounts';
import type { App } from './app';
import { signingKeys } from './keys';
import { dynamo } from './outside';

export function accountStore(app: App): AccountStore {
  return app.deps.stores?.accounts ?? new DynamoAccountStore(app.get(dynamo), app.deps.config.tableName);
}

export function sessions(app: App): Sessions {
  return new Sessions(app.get(accountStore), app.deps.now, app.get(signingKeys));
}
