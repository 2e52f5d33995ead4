/**
 * What one player or one connection may use, and the sentences that say so. Every limit can be
 * changed by the operator through the environment (`LIMIT_…`), read when it is checked.
 *
 * Frames per second and queued frames are counted by the local runtime per socket; in the
 * cloud API Gateway's stage throttling plays that part. The limits on what creates data —
 * connections, games, subscriptions — are kept in the table with conditional writes on items
 * the action writes anyway, so they hold across Lambda instances without a write per frame.
 */
import type { ChatLimits } from '../core/chat';
import { ProtocolError } from '../core/protocol/frames';

const DEFAULTS = {
  /** Frames a connection may send per second, on average… */
  FRAMES_PER_SECOND: 10,
  /** …and in one burst. */
  FRAME_BURST: 30,
  /** Frames received but not yet handled, per connection: a sender that outruns the server is disconnected. */
  QUEUED_FRAMES: 50,
  /** Bytes waiting to be written to a connection that does not read them (a slow or stalled reader). */
  BUFFERED_BYTES: 4 * 1024 * 1024,
  /** Open connections per player (tabs and devices). */
  CONNECTIONS_PER_PLAYER: 10,
  /** Games one connection may watch at once. */
  SUBSCRIPTIONS_PER_CONNECTION: 50,
  /** Games a player may create per clock hour. */
  GAMES_PER_HOUR: 30,
  /** Games a player created that still wait for players. */
  OPEN_GAMES: 20,
  /** Emails asking a player to confirm an address, per hour. */
  EMAIL_CONFIRMATIONS_PER_HOUR: 3,
  /** Emails asking to confirm one address, whoever asks, per hour. */
  EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_HOUR: 3,
  /** Chat messages one player may send in one game per CHAT_WINDOW_SECONDS… */
  CHAT_MESSAGES_PER_WINDOW: 5,
  CHAT_WINDOW_SECONDS: 10,
  /** …and per UTC day. */
  CHAT_MESSAGES_PER_DAY: 200,
  /** Email sign-in links mailed to one address per hour (beyond: none is sent, and the answer does not say so). */
  SIGNIN_EMAILS_PER_HOUR: 3,
  /** Device-link codes a player may show per hour. */
  DEVICE_CODES_PER_HOUR: 10,
  /** Device-link codes typed from one network address (an IPv4 address, an IPv6 /64) per hour, right or wrong. */
  DEVICE_CODE_TRIES_PER_HOUR: 30,
  /** Passkey sign-ins begun (a challenge stored) from one network address per hour. */
  PASSKEY_SIGNINS_PER_HOUR: 60,
} as const;

export type LimitName = keyof typeof DEFAULTS;

/** The limit now: `LIMIT_<NAME>` from the environment if it is a positive integer, else the default. */
export function limit(name: LimitName): number {
  const value = Number(process.env[`LIMIT_${name}`]);
  return Number.isInteger(value) && value > 0 ? value : DEFAULTS[name];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A RATE_LIMITED refusal that says how long to wait. */
export function rateLimited(what: string, retryAfterMs: number): ProtocolError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 120 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
  return new ProtocolError('RATE_LIMITED', `${what} Try again in ${wait}.`, retryAfterMs);
}

export const tooManyConnections = (max: number): ProtocolError =>
  new ProtocolError(
    'RATE_LIMITED',
    `You have ${max} connections open already (tabs or devices); close one, or wait a minute after closing, and connect again.`,
  );

export const tooManySubscriptions = (max: number): ProtocolError =>
  new ProtocolError('RATE_LIMITED', `One connection may watch at most ${max} games at once; reconnect to watch others.`);

/** The chat limits now (core/chat.ts countChat). */
export const chatLimits = (): ChatLimits => ({
  perWindow: limit('CHAT_MESSAGES_PER_WINDOW'),
  windowMs: limit('CHAT_WINDOW_SECONDS') * 1000,
  perDay: limit('CHAT_MESSAGES_PER_DAY'),
});

/**
 * A token bucket: `rate` tokens a second up to `burst`. `take` spends one, or says how many
 * milliseconds until one is there.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): { ok: true } | { ok: false; retryAfterMs: number } {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: ((1 - this.tokens) * 1000) / this.rate };
  }
}
