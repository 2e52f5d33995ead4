/**
 * Devices and sign-in (`#/devices`, from the settings): the player's signed-in devices with
 * their last use, each revocable (this one: signing out); a code and QR code that sign a new
 * device in; passkeys, added and removed; and whether sign-in links can be emailed.
 */
import QRCode from 'qrcode';
import type { DeviceInfo, PasskeyInfo, ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { addPasskey, passkeysUnavailable } from '../passkeys';
import './accounts.css';

type Devices = Extract<ServerFrame, { type: 'devices' }>;

const METHODS: Record<string, string> = {
  name: 'Signed up here',
  upgrade: 'Signed in here',
  email: 'Signed in with an emailed link',
  code: 'Signed in with a code',
  passkey: 'Signed in with a passkey',
};

const day = (iso: string) => new Date(iso).toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' });

/** "just now", "5 minutes ago", "3 hours ago", else the date. */
function ago(iso: string): string {
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 2) return 'just now';
  if (minutes < 60) return `${minutes} minutes ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} hours ago`;
  return `on ${day(iso)}`;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The devices Caravela signed out lately because their sign-in was used twice (a copy of it was used). */
function signedOutNote(d: Devices): Node | null {
  const notices = d.signedOut ?? [];
  if (!notices.length) return null;
  return h(
    'div',
    { class: 'note', role: 'alert', 'data-signed-out': String(notices.length) },
    h('p', null, h('strong', null, 'Caravela signed a device out to keep your account safe')),
    ...notices.map((n) =>
      h(
        'p',
        null,
        `${n.label}, ${ago(n.at)}: its sign-in was used twice, which happens when someone has a copy of it. Neither copy works any more; sign in on that device again.`,
      ),
    ),
    h('p', { class: 'muted' }, 'If you did not copy it (a backup, another browser profile), revoke any device below you do not recognise.'),
  );
}

export function devicesScreen(app: App): Node {
  const card = h(
    'section',
    { class: 'card narrow', 'data-screen': 'devices' },
    h('h1', null, 'Devices and sign\u2011in'),
    h('p', { class: 'muted' }, 'Loading…'),
  );
  const codeArea = h('div', { class: 'device-code', 'aria-live': 'polite' });
  const passkeyResult = h('div', { role: 'status' });

  const request = async (frame: Record<string, unknown>): Promise<ServerFrame | null> => {
    const answer = await app.conn!.request<ServerFrame>(frame);
    if (answer.type === 'error') return null; // the banner says why
    app.clearError();
    return answer;
  };
  const refresh = async () => {
    const answer = await request({ action: 'myDevices' });
    if (answer?.type === 'devices') show(answer);
  };

  const deviceRow = (d: DeviceInfo) =>
    h(
      'li',
      { class: 'device', 'data-device': d.deviceId },
      h('div', null, h('strong', null, d.label), d.current ? h('span', { class: 'badge' }, 'this device') : null),
      h(
        'p',
        { class: 'muted' },
        `${METHODS[d.method] ?? 'Signed in'} on ${day(d.createdAt)} · last used ${d.current ? 'now' : ago(d.lastSeenAt)}`,
      ),
      d.current
        ? h(
            'button',
            {
              type: 'button',
              onclick: () =>
                void request({ action: 'revokeDevice', deviceId: d.deviceId }).then(
                  (a) => a && app.signOut('You signed out on this device.'),
                ),
            },
            'Sign out here',
          )
        : h(
            'button',
            {
              type: 'button',
              'aria-label': `Revoke ${d.label}`,
              onclick: () => void request({ action: 'revokeDevice', deviceId: d.deviceId }).then((a) => a?.type === 'devices' && show(a)),
            },
            'Revoke',
          ),
    );

  const passkeyRow = (p: PasskeyInfo) =>
    h(
      'li',
      { class: 'device', 'data-passkey': p.credentialId },
      h('div', null, h('strong', null, `Passkey from ${p.label}`)),
      h('p', { class: 'muted' }, `Added on ${day(p.createdAt)}${p.lastUsedAt ? ` · last used ${ago(p.lastUsedAt)}` : ' · not used yet'}`),
      h(
        'button',
        {
          type: 'button',
          'aria-label': `Remove the passkey from ${p.label}`,
          onclick: () =>
            void request({ action: 'removePasskey', credentialId: p.credentialId }).then((a) => a?.type === 'devices' && show(a)),
        },
        'Remove',
      ),
    );

  const showCode = async () => {
    const answer = await request({ action: 'deviceLinkCode' });
    if (answer?.type !== 'deviceLinkCode') return;
    const base = app.config.publicUrl ? `${app.config.publicUrl.replace(/\/$/, '')}/` : `${location.origin}${location.pathname}`;
    const link = `${base}#/link/${answer.code}`;
    const svg = await QRCode.toString(link, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' },
    });
    replace(
      codeArea,
      h('p', null, 'On the new device, choose “I have a code from another device” and type:'),
      h('p', { class: 'code', 'data-code': answer.code }, answer.code),
      h('p', null, 'Or scan this with its camera:'),
      h('img', {
        class: 'qr',
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
        alt: `A QR code of the sign-in link for code ${answer.code}`,
        width: 200,
        height: 200,
      }),
      h(
        'p',
        { class: 'muted' },
        `It works once, until ${time(answer.expiresAt)}. Anyone with it can sign in as you: show it only to your own devices.`,
      ),
    );
  };

  function show(d: Devices): void {
    const unavailable = passkeysUnavailable();
    replace(
      card,
      h('h1', null, 'Devices and sign\u2011in'),
      h('p', null, `You are signed in as ${app.session?.name ?? ''}. Sign in on your other devices to find your games there too.`),
      h('h2', null, 'Your devices'),
      signedOutNote(d),
      h('ul', { class: 'devices' }, ...d.devices.map(deviceRow)),
      d.devices.some((x) => x.current)
        ? null
        : h('p', { class: 'muted' }, 'This browser uses an older sign-in; it appears here after the page is reloaded.'),
      h('h2', null, 'Add a device'),
      h('p', null, 'Show a code here, then type it on the new device, or scan its QR code.'),
      h('button', { type: 'button', onclick: () => void showCode() }, 'Show a code'),
      codeArea,
      h('h2', null, 'Passkeys'),
      h('p', null, 'A passkey signs you in on any device that has it (your phone, or your password manager) without a name or password.'),
      d.passkeys.length ? h('ul', { class: 'devices' }, ...d.passkeys.map(passkeyRow)) : h('p', { class: 'muted' }, 'No passkey yet.'),
      unavailable
        ? h('p', { class: 'note' }, unavailable)
        : h(
            'button',
            {
              type: 'button',
              onclick: async () => {
                try {
                  const label = await addPasskey(app);
                  replace(
                    passkeyResult,
                    h(
                      'p',
                      { class: 'note ok', 'data-result': 'added' },
                      `Passkey added (${label}). Next time, choose “Use a passkey” to sign in.`,
                    ),
                  );
                  await refresh();
                } catch (error) {
                  replace(passkeyResult, h('p', { class: 'note', 'data-result': 'refused' }, (error as Error).message));
                }
              },
            },
            'Add a passkey',
          ),
      passkeyResult,
      h('h2', null, 'Email'),
      d.signInEmail
        ? h('p', { 'data-email': 'signin' }, `Sign-in links can be emailed to ${d.signInEmail}.`)
        : h(
            'p',
            { 'data-email': 'none' },
            'Confirm an email address under ',
            h('a', { href: '#/settings' }, 'Settings'),
            ' (one that receives mail) to sign in with an emailed link.',
          ),
    );
  }

  void refresh();
  return card;
}
