/**
 * What one player, connection or network may use: the limits and the sentence that says how long
 * to wait. Apart from limits.ts (the protocol's refusals) so that a function without the
 * protocol's schemas — the passkey function — carries only this.
 */

export const LIMIT_DEFAULTS = {
  /** Frames a connection may send per second, on average… */
  FRAMES_PER_SECOND: 10,
  /** …and in one burst. */
  FRAME_BURST: 30,
  /** Frames received but not yet handled, per connection: a sender that outruns the server is disconnected. */
  QUEUED_FRAMES: 50,
  /** Frames refused to one connection for going too fast before the cloud closes it (api/frame-budget.ts). */
  REFUSED_FRAMES: 60,
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

export type LimitName = keyof typeof LIMIT_DEFAULTS;

/** The limit now: `LIMIT_<NAME>` from the environment if it is a positive integer, else the default. */
export function limit(name: LimitName): number {
  const value = Number(process.env[`LIMIT_${name}`]);
  return Number.isInteger(value) && value > 0 ? value : LIMIT_DEFAULTS[name];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "<what> Try again in N seconds." (or minutes). */
export function waitSentence(what: string, retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 120 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
  return `${what} Try again in ${wait}.`;
}
