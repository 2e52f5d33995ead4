/**
 * This browser's sign-in, kept in localStorage: a device's short-lived access token, its
 * month-long socket token (a returning visit connects with it at once, refreshing nothing) and
 * its refresh token (or, from before devices existed, a v1 token, exchanged once for a device).
 * Refreshing rotates the refresh token, so tabs of one browser take turns (a Web Lock) and
 * each reads what another may have stored meanwhile.
 */
import type { HttpAnswer } from '../../functions/core/protocol/http-bodies';

export interface Session {
  playerId: string;
  name: string;
  /** The access token (v2, expires) or a v1 token. */
  token: string;
  deviceId?: string;
  refreshToken?: string;
  /** When this browser received the token (its own clock), and for how many seconds it works. */
  tokenAt?: number;
  expiresIn?: number;
  /** The socket token (opens a WebSocket, nothing else), when it was received and for how many seconds it works. */
  socketToken?: string;
  socketTokenAt?: number;
  socketExpiresIn?: number;
}

/** What every sign-in route answers (the protocol's `Session`: only its type, no schema, comes into the bundle). */
export type SessionAnswer = HttpAnswer<'Session'>;

/** The device's sign-in is over (revoked, or refused): sign in again. */
export class SignedOut extends Error {}

export const SESSION_KEY = 'caravela.session';
/** Refresh this long before the access token expires. */
const MARGIN_MS = 2 * 60_000;
/** Stop using the socket token this long before it expires. */
const SOCKET_MARGIN_MS = 24 * 60 * 60_000;

export function loadSession(): Session | null {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return stored && typeof stored.token === 'string' && typeof stored.playerId === 'string' ? stored : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
}

export const fromAnswer = (a: SessionAnswer): Session => ({
  playerId: a.playerId,
  name: a.name,
  token: a.token,
  deviceId: a.deviceId,
  refreshToken: a.refreshToken,
  tokenAt: Date.now(),
  expiresIn: a.expiresIn,
  socketToken: a.socketToken,
  socketTokenAt: Date.now(),
  socketExpiresIn: a.socketExpiresIn,
});

/** The socket token to open a WebSocket with, while it works (a day's margin), or null: refresh first. */
export const socketToken = (s: Session): string | null =>
  s.socketToken && Date.now() - (s.socketTokenAt ?? 0) < (s.socketExpiresIn ?? 0) * 1000 - SOCKET_MARGIN_MS ? s.socketToken : null;

/** Whether the access token should be refreshed before use. */
export const stale = (s: Session): boolean =>
  Boolean(s.refreshToken) && Date.now() - (s.tokenAt ?? 0) > (s.expiresIn ?? 0) * 1000 - MARGIN_MS;

/** What this device is called in its player's list of devices. */
export function browserLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return system ? `${browser} on ${system}` : browser;
}

async function postJson(url: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Run `work` alone among this browser's tabs (where Web Locks exist). */
function alone<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as { locks?: { request(name: string, cb: () => Promise<T>): Promise<T> } }).locks;
  return locks ? locks.request('caravela.session', work) : work();
}

/**
 * The session with an access token fresh enough to use: refreshed (and stored) if needed, or
 * `force`d (a connection was refused). Throws SignedOut when the server refuses the device.
 */
export function freshSession(httpUrl: string, force = false): Promise<Session> {
  return alone(async () => {
    const s = loadSession();
    if (!s) throw new SignedOut('You are signed out on this device; sign in again.');
    if (!s.refreshToken || (!force && !stale(s))) return s;
    const answer = await postJson(`${httpUrl}/api/session/refresh`, { refreshToken: s.refreshToken });
    if (answer.status === 401 || answer.status === 400) {
      clearSession();
      throw new SignedOut(String(answer.body.message ?? 'This device was signed out; sign in again.'));
    }
    if (answer.status !== 200) throw new Error(String(answer.body.message ?? `The server answered ${answer.status}.`));
    const next = fromAnswer(answer.body as unknown as SessionAnswer);
    saveSession(next);
    return next;
  });
}

/** Exchange a v1 token for a device (once; the v1 token keeps working if this fails for now). */
export function upgradeSession(httpUrl: string): Promise<Session | null> {
  return alone(async () => {
    const s = loadSession();
    if (!s || s.refreshToken || !s.token.startsWith('v1.')) return s;
    const answer = await postJson(`${httpUrl}/api/session/upgrade`, { label: browserLabel() }, s.token);
    if (answer.status === 401) {
      clearSession();
      throw new SignedOut(String(answer.body.message ?? 'Your sign-in on this device is no longer valid; sign in again.'));
    }
    if (answer.status !== 201) return s;
    const next = fromAnswer(answer.body as unknown as SessionAnswer);
    saveSession(next);
    return next;
  });
}
