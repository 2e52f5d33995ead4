/** The digest part of the process's runtime (see runtime.ts): email digests on the mailer. */
import { dynamo } from '../adapters/aws';
import { config, gameUrl } from '../adapters/config';
import { DynamoDigestStore } from '../adapters/store/digests';
import { titleOf } from '../core/triggers';
import { Digests } from './digest';
import { getRuntime, now } from './runtime';
import { getMailer } from './runtime-mail';

let digests: Digests | undefined;

export function getDigests(): Digests {
  if (!digests) {
    const settings = `${(process.env.PUBLIC_URL ?? '').replace(/\/$/, '')}/#/settings`;
    digests = new Digests({
      digests: new DynamoDigestStore(dynamo(), config().tableName),
      connections: getRuntime().records,
      players: getRuntime().records,
      playerGames: getRuntime().records,
      mailer: getMailer(),
      now,
      links: { game: gameUrl, settings, title: titleOf },
    });
  }
  return digests;
}
