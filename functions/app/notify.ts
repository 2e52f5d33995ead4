/** Telling players: the notifier and its channels, chat's notices, email digests. */
import { sendWebhook, webhookAllowList } from '../adapters/channels/webhook';
import { pushAllowList } from '../adapters/channels/push-services';
import { sendWebPush } from '../adapters/channels/webpush';
import { titleOf } from '../core/triggers';
import { ChatNotices } from '../host/chat-notices';
import { Digests } from '../host/digest';
import { Notifier } from '../host/notifier';
import { StreamReactions } from '../host/stream-reactions';
import { Sweep } from '../host/sweep';
import type { App } from './app';
import { DigestStore } from '../adapters/store/digests';
import { vapid } from './keys';
import { mailer } from './mail';
import { host } from './games';
import { dynamo, links, senderFor } from './outside';
import { records, schedule } from './records';

export function digestStore(app: App): DigestStore {
  return new DigestStore(app.get(dynamo), app.deps.config.tableName);
}

export function digests(app: App): Digests {
  const to = app.get(links);
  return new Digests({
    store: app.get(digestStore),
    records: app.get(records),
    mailer: app.get(mailer),
    now: app.deps.now,
    links: { game: to.game, settings: to.settings(), title: titleOf },
  });
}

export function notifier(app: App): Notifier {
  const keys = app.get(vapid);
  const mail = app.get(mailer);
  const hooks = webhookAllowList(app.deps.config.webhookAllow);
  const pushServices = pushAllowList(app.deps.config.pushAllow);
  return new Notifier({
    records: app.get(records),
    schedule: app.get(schedule),
    now: app.deps.now,
    gameUrl: app.get(links).game,
    channels: {
      webPush: async (subscription, n) => {
        const keyPair = await keys.keys();
        if (!keyPair) throw new Error('Web Push is not configured (no VAPID keys)');
        return sendWebPush(subscription, n, keyPair, pushServices);
      },
      webhook: (url, n) => sendWebhook(url, n, hooks),
      // Email is a daily digest: a turn makes it due, the sweep sends it.
      email: mail
        ? async (_to, n, record) => {
            await app.get(digests).mark(n.playerId, record);
            return 'sent';
          }
        : null,
      ...app.deps.channels,
    },
  });
}

export function chatNotices(app: App): ChatNotices {
  return new ChatNotices({ records: app.get(records), notifier: app.get(notifier), now: app.deps.now, gameUrl: app.get(links).game });
}

export function streamReactions(app: App): StreamReactions {
  const { reactions, lobbyFeed } = app.get(host);
  return new StreamReactions({
    reactions,
    lobbyFeed,
    notifier: app.get(notifier),
    chatNotices: app.get(chatNotices),
    sender: () => app.get(senderFor)(),
  });
}

export function sweep(app: App): Sweep {
  return new Sweep({
    schedule: app.get(schedule),
    reactions: app.get(host).reactions,
    notifier: app.get(notifier),
    digests: app.get(digests),
    sender: () => app.get(senderFor)(),
    now: app.deps.now,
    gameUrl: app.get(links).game,
    budgetMs: app.deps.config.sweepBudgetMs,
  });
}
