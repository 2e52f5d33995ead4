/** Mailing sign-in links in answer to asks (the stream's reaction), with only the store that needs. */
import { DynamoSignInAskStore } from '../adapters/store/signin-asks';
import { SignInLinks } from '../host/signin-links';
import type { App } from './app';
import { signingKeys } from './keys';
import { mailer } from './mail';
import { dynamo, links, observer } from './outside';
import { playerStore } from './players';

export function signInLinks(app: App): SignInLinks {
  return new SignInLinks({
    asks: app.deps.stores?.accounts ?? new DynamoSignInAskStore(app.get(dynamo), app.deps.config.tableName),
    players: app.get(playerStore),
    mailer: app.get(mailer),
    now: app.deps.now,
    observer: app.get(observer),
    keys: app.get(signingKeys),
    linkFor: app.get(links).signIn,
  });
}
