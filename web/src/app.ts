/**
 * What every screen shares: where the server is, who is signed in (the device's tokens are kept
 * in localStorage, see session.ts), the realtime connection, navigation, and the banner that
 * shows errors as the sentences the server sends.
 */
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { Connection } from './connection';
import { h, replace } from './dom';
import { clearSession, freshSession, loadSession, saveSession, SignedOut, socketToken, upgradeSession, type Session } from './session';
import { showWaiting } from './waiting';

export type { Session } from './session';

export interface Config {
  /** Base URL of the HTTP API ('' = same origin). */
  httpUrl: string;
  /** WebSocket URL without the token. */
  wsUrl: string;
  /** Where players reach this client (invite links); default the page's own address. */
  publicUrl?: string;
}

export class App {
  session: Session | null;
  conn: Connection | null = null;
  readonly main: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly status: HTMLElement;

  constructor(
    readonly config: Config,
    root: HTMLElement,
  ) {
    this.session = loadSession();
    this.banner = h('div', { class: 'banner', role: 'alert', hidden: true });
    this.status = h('span', { class: 'status', 'aria-live': 'polite' });
    this.main = h('main', { id: 'main', tabindex: '-1' });
    replace(
      root,
      h(
        'header',
        { class: 'top' },
        h('a', { href: '#/', class: 'brand' }, 'Caravela'),
        h(
          'nav',
          null,
          h('a', { href: '#/new' }, 'New game'),
          h('a', { href: '#/tournaments' }, 'Tournaments'),
          h('a', { href: '#/friends' }, 'Friends'),
          h('a', { href: '#/leaderboard' }, 'Ratings'),
          h('a', { href: '#/settings' }, 'Settings'),
          h('a', { href: '#/devices' }, 'Devices'),
        ),
        this.status,
      ),
      this.banner,
      this.main,
    );
    if (this.session) this.connect();
  }

  /** The games waiting for the player as this page knows them (lobby pages, `gameChanged`, state frames): the favicon's number. */
  readonly waiting = new Set<string>();

  noteWaiting(gameId: string, yourTurn: boolean): void {
    if (yourTurn) this.waiting.add(gameId);
    else this.waiting.delete(gameId);
    showWaiting(this.waiting.size);
  }

  signIn(session: Session): void {
    saveSession(session);
    this.session = session;
    this.connect();
  }

  /** This browser is signed out (here, or its device was revoked elsewhere): the sign-in screen, saying why. */
  signOut(message?: string): void {
    clearSession();
    this.session = null;
    this.conn?.close();
    this.conn = null;
    this.waiting.clear();
    showWaiting(0);
    this.status.textContent = '';
    if (message) this.error(message);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }

  /**
   * A token to use now: a v1 token is first exchanged for a device, an access token refreshed
   * when due (or `force`d, after a refused connection). Signs out when the device is refused.
   */
  async token(force = false): Promise<string> {
    try {
      await upgradeSession(this.config.httpUrl);
      this.session = await freshSession(this.config.httpUrl, force);
      return this.session.token;
    } catch (error) {
      if (error instanceof SignedOut && this.session) this.signOut(error.message);
      throw error;
    }
  }

  /**
   * A token to open the WebSocket with: the device's socket token while it works (a returning
   * visit refreshes nothing); after a refused attempt, or without one, a refreshed session's.
   */
  private async socketToken(refused: boolean): Promise<string> {
    const kept = !refused && this.session ? loadSession() : null;
    const ready = kept && kept.playerId === this.session?.playerId ? socketToken(kept) : null;
    if (ready) return ready;
    const token = await this.token(refused);
    return (this.session && socketToken(this.session)) ?? token;
  }

  private connect(): void {
    this.conn?.close();
    const conn = new Connection(async (refused) => `${this.config.wsUrl}?token=${encodeURIComponent(await this.socketToken(refused))}`);
    this.conn = conn;
    const show = () => {
      this.status.textContent =
        conn.status === 'online'
          ? `${this.session?.name} · online`
          : conn.status === 'connecting'
            ? 'connecting…'
            : 'offline — reconnecting';
      this.status.dataset.status = conn.status;
    };
    conn.onStatus(show);
    show();
    // Errors that answer nothing in particular (or that no screen handled) go to the banner.
    conn.onFrame((f: ServerFrame) => {
      if (f.type === 'error') this.error(f.message);
      else if (f.type === 'gameChanged') this.noteWaiting(f.game.gameId, f.game.yourTurn);
      else if (f.type === 'state' && f.you !== null) this.noteWaiting(f.gameId, f.status === 'active' && f.activeSeats.includes(f.you));
    });
  }

  /** Show a readable error (the server's sentence) until the next navigation or success. */
  error(message: string): void {
    this.banner.textContent = message;
    this.banner.hidden = false;
  }

  clearError(): void {
    this.banner.hidden = true;
    this.banner.textContent = '';
  }

  go(hash: string): void {
    if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
    else location.hash = hash;
  }

  async api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const token = this.session ? await this.token() : null;
    const res = await fetch(`${this.config.httpUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
    const body = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new ApiError(res.status, body.message ?? `The server answered ${res.status}.`);
    return body;
  }
}

/** A refusal of an HTTP call: its sentence, and the status a screen may act on (409: a name someone has). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where the server is: inline in index.html when deployed as static files (infra/stack.ts
 * withInlineConfig, so a visit asks for nothing more), else /config.json, else this page's own origin.
 */
export async function loadConfig(): Promise<Config> {
  const fallback = { httpUrl: '', wsUrl: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws` };
  const inline = document.getElementById('caravela-config')?.textContent;
  if (inline) {
    try {
      return { ...fallback, ...(JSON.parse(inline) as Partial<Config>) };
    } catch {
      // a broken block: ask for config.json
    }
  }
  try {
    const res = await fetch('config.json', { cache: 'no-store' });
    if (res.ok) return { ...fallback, ...((await res.json()) as Partial<Config>) };
  } catch {
    // served by the local runtime: same origin
  }
  return fallback;
}
