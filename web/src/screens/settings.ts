/**
 * Notification settings: this device's Web Push subscription (asked for only when the player
 * presses the button — never on page load), a Discord/Slack webhook, an email address (used once
 * its owner opens the confirmation link the server mails to it; if mail to it bounces or is
 * reported as spam, the screen says so and how to fix it) and quiet hours in the player's time
 * zone. Saved with `setNotifications`.
 */
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import type { NotificationSettings, PushSubscription } from '../../../functions/core/notification';
import type { App } from '../app';
import { setTurnSound, turnSoundOn } from '../turn-sound';
import { h, replace } from '../dom';
import { vacationCard } from './vacation';

type Notifications = Extract<ServerFrame, { type: 'notifications' }>;

const urlBase64ToBytes = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4)), (c) => c.charCodeAt(0));

/** Subscribe this browser to Web Push: permission, service worker, subscription. */
export async function subscribeDevice(pushKey: string): Promise<PushSubscription> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) throw new Error('This browser cannot receive push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications were not allowed; you can allow them in the browser settings.');
  // Its update check at each page load may use the HTTP cache (sw.js is served fresh for a day,
  // infra/stack.ts): a visit then asks the server for index.html alone.
  const registration = await navigator.serviceWorker.register('sw.js', { updateViaCache: 'all' });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(pushKey) });
  return subscription.toJSON() as PushSubscription;
}

/** Why mail to the address stopped (SES reported a bounce or a complaint), and what to do. */
function emailProblem(address: string, problem: NonNullable<Notifications['emailProblem']>): Node {
  const on = new Date(problem.at).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  const what =
    problem.kind === 'bounced'
      ? `Email to ${address} could not be delivered on ${on} (the receiving server said: “${problem.reason}”).`
      : `Email to ${address} was reported as unwanted on ${on} (${problem.reason}).`;
  return h(
    'div',
    { class: 'note', 'data-email': problem.kind, role: 'status' },
    h('p', null, h('strong', null, 'Caravela no longer emails this address, neither notifications nor sign-in links. '), what),
    h(
      'p',
      null,
      'Enter another address above and save: it gets a confirmation link. To use this one again, clear the field and save, then enter it again and confirm it.',
    ),
  );
}

export function settingsScreen(app: App): Node {
  const form = h('form', { class: 'card narrow', 'data-screen': 'settings' }, h('p', { class: 'muted' }, 'Loading…'));
  let current: NotificationSettings | null = null;
  let pushKey: string | null = null;

  const save = async (settings: NotificationSettings, resendConfirmation = false) => {
    const answer = await app.conn!.request<ServerFrame>({
      action: 'setNotifications',
      settings,
      ...(resendConfirmation ? { resendConfirmation } : {}),
    });
    if (answer.type === 'notifications') {
      app.clearError();
      show(answer, resendConfirmation);
      if (!resendConfirmation) {
        const saved = form.querySelector('[data-saved]');
        if (saved) saved.textContent = `Saved at ${new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`;
      }
    }
  };

  /** Whether the saved address is confirmed, and a way to get another link if it is not. */
  function emailState(n: Notifications, sentAgain: boolean): Node | null {
    const address = n.settings.email;
    if (!address) return null;
    if (n.emailProblem) return emailProblem(address, n.emailProblem);
    if (n.emailConfirmed)
      return h(
        'p',
        { class: 'note ok', 'data-email': 'confirmed' },
        `${address} is confirmed; a daily email lists the games waiting for you.`,
      );
    return h(
      'div',
      { class: 'note', 'data-email': 'unconfirmed', role: 'status' },
      h(
        'p',
        null,
        `${sentAgain ? 'A new confirmation link was sent' : 'A confirmation link was sent'} to ${address}; open it to receive emails.`,
      ),
      h('button', { type: 'button', onclick: () => void save(current!, true) }, 'Send the link again'),
    );
  }

  function show(n: Notifications, sentAgain = false): void {
    current = n.settings;
    pushKey = n.pushKey;
    const webhook = h('input', {
      id: 'webhook',
      type: 'url',
      value: n.settings.webhook?.url ?? '',
      placeholder: 'https://discord.com/api/webhooks/…',
    });
    const email = h('input', { id: 'email', type: 'email', value: n.settings.email ?? '', placeholder: 'you@example.com' });
    const quiet = n.settings.quietHours;
    const quietOn = h('input', { id: 'quiet', type: 'checkbox', checked: Boolean(quiet) });
    const start = h('input', { id: 'quiet-start', type: 'time', value: quiet?.start ?? '22:00' });
    const end = h('input', { id: 'quiet-end', type: 'time', value: quiet?.end ?? '08:00' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const devices = n.settings.webPush.length;
    replace(
      form,
      h('h1', null, 'Settings'),
      h('h2', null, 'Notifications'),
      h(
        'p',
        null,
        'When you are not online, Caravela tells you when it is your turn, when a game starts or ends, and when your time is running out.',
      ),
      h(
        'p',
        { class: 'hint' },
        'Signing in on another device, passkeys, and the devices you are signed in on: ',
        h('a', { href: '#/devices' }, 'Devices and sign-in'),
        '.',
      ),
      h('h3', null, 'This browser'),
      h(
        'label',
        { for: 'turn-sound', class: 'check' },
        h('input', {
          id: 'turn-sound',
          type: 'checkbox',
          checked: turnSoundOn(),
          onchange: (e: Event) => setTurnSound((e.target as HTMLInputElement).checked),
        }),
        ' A chime when it is my turn, on a game screen',
      ),
      h('p', { class: 'muted' }, devices ? `${devices} device${devices === 1 ? '' : 's'} subscribed.` : 'No device subscribed yet.'),
      pushKey
        ? h(
            'button',
            {
              type: 'button',
              onclick: async () => {
                try {
                  await enablePush(app);
                  const fresh = await app.conn!.request<ServerFrame>({ action: 'getNotifications' }, true);
                  if (fresh.type === 'notifications') show(fresh);
                } catch (error) {
                  app.error((error as Error).message);
                }
              },
            },
            'Notify me in this browser',
          )
        : h('p', { class: 'muted' }, 'Push notifications are not set up on this server.'),
      h('h3', null, 'Webhook'),
      h('label', { for: 'webhook' }, 'Discord or Slack webhook URL'),
      webhook,
      h('h3', null, 'Email'),
      h('label', { for: 'email' }, 'Email address'),
      email,
      h(
        'p',
        { class: 'hint muted' },
        'At most one email a day, listing the games where it is your turn; pushes and webhooks come with every turn.',
      ),
      emailState(n, sentAgain),
      h('h3', null, 'Quiet hours'),
      h('label', { for: 'quiet', class: 'check' }, quietOn, ` Hold notifications at night (${zone})`),
      h('div', { class: 'row' }, h('label', { for: 'quiet-start' }, 'From'), start, h('label', { for: 'quiet-end' }, 'to'), end),
      h(
        'button',
        {
          type: 'submit',
          class: 'primary',
          onclick: async (e: Event) => {
            e.preventDefault();
            await save({
              webPush: current!.webPush,
              webhook: webhook.value.trim() ? { url: webhook.value.trim() } : null,
              email: email.value.trim() || null,
              quietHours: quietOn.checked ? { start: start.value, end: end.value, timeZone: zone } : null,
            });
          },
        },
        'Save',
      ),
      h('p', { class: 'note ok saved', role: 'status', 'data-saved': '' }),
    );
  }

  void app.conn!.request<ServerFrame>({ action: 'getNotifications' }, true).then((f) => f.type === 'notifications' && show(f));
  return h('div', null, form, vacationCard(app));
}

/** Add this browser to the player's push subscriptions (asking for permission now). */
export async function enablePush(app: App): Promise<void> {
  const current = await app.conn!.request<ServerFrame>({ action: 'getNotifications' }, true);
  if (current.type !== 'notifications') return;
  if (!current.pushKey) throw new Error('Push notifications are not set up on this server.');
  const sub = await subscribeDevice(current.pushKey);
  const settings = { ...current.settings, webPush: [...current.settings.webPush.filter((s) => s.endpoint !== sub.endpoint), sub] };
  const saved = await app.conn!.request<ServerFrame>({ action: 'setNotifications', settings });
  if (saved.type === 'error') throw new Error(saved.message);
}
