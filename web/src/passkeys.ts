/**
 * Passkeys in this browser (@simplewebauthn/browser): make one for the signed-in player, or
 * sign in with one (the browser offers the passkeys it has for this site; no name is typed).
 * Browsers allow passkeys only on https or localhost, and never on an IP address.
 */
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { App } from './app';
import { browserLabel, fromAnswer, type Session, type SessionAnswer } from './session';

/** Why passkeys cannot work on this page, or null when they can. */
export function passkeysUnavailable(): string | null {
  if (!('PublicKeyCredential' in window)) return 'This browser cannot use passkeys.';
  if (!window.isSecureContext) return 'Passkeys need a secure address (https); ask whoever runs this server.';
  if (/^[\d.]+$|^\[.*\]$/.test(location.hostname)) {
    return location.hostname === '127.0.0.1' || location.hostname === '[::1]'
      ? `Passkeys need a name, not a number, in the address: open ${location.protocol}//localhost:${location.port}${location.pathname}.`
      : 'Passkeys need a name, not a number, in the address; ask whoever runs this server.';
  }
  return null;
}

/** The browser's refusal in words: the player closed the prompt, or it failed. */
function words(error: unknown): Error {
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED')
    return new Error('The passkey prompt was closed; nothing changed.');
  const name = (error as { name?: string }).name;
  if (name === 'NotAllowedError') return new Error('No passkey was used (the prompt was closed or timed out); nothing changed.');
  if (name === 'InvalidStateError') return new Error('This device has a passkey for you already.');
  return error instanceof Error ? error : new Error(String(error));
}

export async function signInWithPasskey(app: App): Promise<Session> {
  const options = await app.api<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/api/signin/passkey/options', {
    method: 'POST',
    body: '{}',
  });
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw words(error);
  }
  return fromAnswer(
    await app.api<SessionAnswer>('/api/signin/passkey', { method: 'POST', body: JSON.stringify({ response, label: browserLabel() }) }),
  );
}

/** Add a passkey for the signed-in player: its label as the server kept it. */
export async function addPasskey(app: App): Promise<string> {
  const options = await app.api<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/passkeys/options', {
    method: 'POST',
    body: '{}',
  });
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw words(error);
  }
  const added = await app.api<{ label: string }>('/api/passkeys', {
    method: 'POST',
    body: JSON.stringify({ response, label: browserLabel() }),
  });
  return added.label;
}
