/** Telling players: the notifier and its channels, chat's notices, email digests (the sweep sends them: sweep.ts). */
import { sendWebhook, webhookAllowList } from '../adapters/channels/webhook';
import { pushAllowList } from '../adapters/channels/push-services';
import { sendWebPush } from '../adapters/channels/webpush';
import { titleOf } from '../core/triggers';
import { ChatNotices } from '../host/chat-notices';
import { Digests } from '../host/digest';
import { Notifier } from '../host/notifier';
import { StreamReactions } from '../host/stream-reactions';
import type { App } from './app';
import { vacations } from './social';
import { DynamoDigestStore } from '../adapters/store/digests';
import { DynamoNotificationStore } from '../adapters/store/notifications';
import type { DigestStore } from '../stores/digests';
import type { NotificationStore } from '../stores/notifications';
import { vapid } from './keys';
import { mailer } from './mail';
import { host, playerGameStore } from './games';
import { dynamo, links, observer, senderFor } from './outside';
import { connectionStore } from './connections';
import { playerStore } from './players';

export function digestStore(app: App): DigestStore {
  return app.deps.stores?.digests ?? new DynamoDigestStore(app.get(dynamo), app.deps.config.tableName);
}

export function notificationStore(app: App): NotificationStore {
  return app.deps.stores?.notifications ?? new DynamoNotificationStore(app.get(dynamo), app.deps.config.tableName);
}

export function digests(app: App): Digests {
  const to = app.get(links);
  return new Digests({
    digests: app.get(digestStore),
    connections: app.get(connectionStore),
    players: app.get(playerStore),
    playerGames: app.get(playerGameStore),
    mailer: app.get(mailer),
    now: app.deps.now,
    observer: app.get(observer),
    links: { game: to.game, settings: to.settings(), title: titleOf },
  });
}

export function notifier(app: App): Notifier {
  const keys = app.get(vapid);
  const mail = app.get(mailer);
  const hooks = webhookAllowList(app.deps.config.webhookAllow);
  const pushServices = pushAllowList(app.deps.config.pushAllow);
  return new Notifier({
    connections: app.get(connectionStore),
    // The notifier runs with no request: the app's @connections endpoint answers whether a socket is open.
    isOpen: (connectionId) => app.get(senderFor)().isOpen?.(connectionId) ?? Promise.resolve(true),
    players: app.get(playerStore),
    notifications: app.get(notificationStore),
    now: app.deps.now,
    observer: app.get(observer),
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
  return new ChatNotices({
    connections: app.get(connectionStore),
    players: app.get(playerStore),
    notifier: app.get(notifier),
    now: app.deps.now,
    gameUrl: app.get(links).game,
  });
}

export function streamReactions(app: App): StreamReactions {
  return new StreamReactions({
    reactions: app.get(host).reactions,
    notifier: app.get(notifier),
    chatNotices: app.get(chatNotices),
    sender: () => app.get(senderFor)(),
    vacations: app.get(vacations),
  });
}
