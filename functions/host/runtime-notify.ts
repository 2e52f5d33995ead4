/** The notifications part of the process's runtime (see runtime.ts): the channels and the notifier. */
import { gameUrl } from '../adapters/config';
import { sendWebhook, webhookAllowList } from '../adapters/channels/webhook';
import { sendWebPush } from '../adapters/channels/webpush';
import { vapidKeys } from '../adapters/vapid';
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { DynamoNotificationStore } from '../adapters/store/notifications';
import { Notifier } from './notifier';
import { getRuntime, now } from './runtime';
import { getMailer } from './runtime-mail';
import { getDigests } from './runtime-digest';

let notifier: Notifier | undefined;

export function getNotifier(): Notifier {
  if (!notifier) {
    const { records } = getRuntime();
    const mail = getMailer();
    notifier = new Notifier({
      connections: records,
      players: records,
      notifications: new DynamoNotificationStore(dynamo(), config().tableName),
      now,
      gameUrl,
      channels: {
        webPush: async (subscription, n) => {
          const vapid = await vapidKeys();
          if (!vapid) throw new Error('Web Push is not configured (no VAPID keys)');
          return sendWebPush(subscription, n, vapid);
        },
        webhook: (url, n) => sendWebhook(url, n, webhookAllowList()),
        // Email is a daily digest: a turn makes it due, the sweep sends it.
        email: mail
          ? async (_to, n, record) => {
              await getDigests().mark(n.playerId, record);
              return 'sent';
            }
          : null,
      },
    });
  }
  return notifier;
}
