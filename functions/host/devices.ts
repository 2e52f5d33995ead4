/**
 * A player's devices and sign-in methods: the list (with passkeys and the address that signs
 * in), revoking a device — its item deleted, so its refresh and its next connection fail, and
 * its live connections closed — and device-link codes: made on a signed-in device, used once
 * on a new one within CODE_SECONDS. Everything acts on the caller's own devices, so another
 * player's device id is simply not found.
 */
import { CODE_SECONDS, newDeviceCode, normalizeDeviceCode, showDeviceCode } from '../core/device-code';
import { emailUsable } from '../core/notification';
import type { DeviceInfo, PasskeyInfo, SignedOutInfo } from '../core/protocol/frames';
import type { AccountStore } from '../stores/accounts';
import type { Connection, ConnectionStore } from '../stores/connections';
import type { PlayerStore } from '../stores/players';
import { limit, waitSentence } from '../adapters/limit-values';
import { networkOf } from '../core/network';
import { SIGN_OUT_NOTICE_DAYS } from '../core/sign-out-notice';
import { AccountError, type SessionAnswer, type Sessions } from './sessions';
import { failure, type Observer } from '../observe/observer';

const HOUR_MS = 3_600_000;

export interface DeviceList {
  devices: DeviceInfo[];
  passkeys: PasskeyInfo[];
  /** The confirmed address that signs this player in with a link, if any (and mail may still go there). */
  signInEmail: string | null;
  /** Devices the server signed out lately (a replayed refresh token), the newest first. */
  signedOut: SignedOutInfo[];
}

export const CODE_MALFORMED = 'A device code has 8 letters and digits, like ABCD-EFGH; type the code your signed-in device shows.';
export const CODE_UNKNOWN =
  'This code is not valid, or it was used already (each code works once); show a new code on a device where you are signed in.';
export const CODE_SIGNED_OUT =
  'The device that showed this code has been signed out since, so the code no longer works; show a new one on a device where you are signed in.';
export const CODE_EXPIRED = `This code has expired (codes work for ${CODE_SECONDS / 60} minutes); show a new one on a device where you are signed in.`;
export const DEVICE_UNKNOWN = 'You have no device with that id (it may have been removed already); open your list of devices again.';

export interface DevicesDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  accounts: AccountStore;
  /** The player's live connections (a revoked device's are closed). */
  connections: ConnectionStore;
  /** The player's confirmed address (it may sign them in). */
  players: PlayerStore;
  sessions: Sessions;
  now: () => Date;
}

export class Devices {
  constructor(private readonly deps: DevicesDeps) {}

  async list(conn: Connection): Promise<DeviceList> {
    const { accounts, players } = this.deps;
    const noticesSince = new Date(this.deps.now().getTime() - SIGN_OUT_NOTICE_DAYS * 86_400_000);
    const [devices, passkeys, settings, signedOut] = await Promise.all([
      accounts.devices(conn.playerId),
      accounts.passkeys(conn.playerId),
      players.getSettingsRecord(conn.playerId),
      accounts.signOutNotices(conn.playerId, noticesSince),
    ]);
    let signInEmail: string | null = null;
    // An address SES reported bounced or complained of gets no sign-in links (signin-email.ts), so it is not offered.
    if (emailUsable(settings)) {
      const email = settings.confirmedEmail!.toLowerCase();
      let account = await accounts.emailAccount(email);
      // An address confirmed before sign-in links existed signs its player in from now on, unless another player confirmed it since.
      if (!account) {
        await accounts.setEmailAccount(email, conn.playerId, true);
        account = await accounts.emailAccount(email);
      }
      if (account?.playerId === conn.playerId) signInEmail = settings.confirmedEmail;
    }
    return {
      devices: devices
        .map((d) => ({
          deviceId: d.deviceId,
          label: d.label,
          method: d.method,
          createdAt: d.createdAt,
          lastSeenAt: d.lastSeenAt,
          current: d.deviceId === conn.deviceId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt)),
      passkeys: passkeys
        .map((p) => ({ credentialId: p.credentialId, label: p.label, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt ?? null }))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      signInEmail,
      signedOut: signedOut.map(({ label, at, reason }) => ({ label, at, reason })),
    };
  }

  /**
   * Revoke one of the caller's devices: NOT_FOUND for an id that is not theirs. Returns what
   * follows the answer: closing the device's live connections (its refresh already fails).
   */
  async revoke(
    conn: Connection,
    deviceId: string,
    close: ((connectionId: string) => Promise<void>) | undefined,
  ): Promise<() => Promise<void>> {
    const { accounts } = this.deps;
    const device = await accounts.getDevice(conn.playerId, deviceId);
    if (!device || !(await accounts.deleteDevice(conn.playerId, deviceId))) throw new AccountError('NOT_FOUND', 404, DEVICE_UNKNOWN);
    // The device a v1 token was exchanged for: revoking it ends that token too (every copy: a player has one).
    if (device.method === 'upgrade') await accounts.endV1(conn.playerId, this.deps.now());
    return () => this.closeConnections(conn.playerId, deviceId, close);
  }

  /** Close the live connections of a device that was signed out (its refresh fails already). */
  async closeConnections(playerId: string, deviceId: string, close: ((connectionId: string) => Promise<void>) | undefined): Promise<void> {
    const { connections } = this.deps;
    if (!close) return;
    const ids = await connections.connectionIdsOf(playerId);
    const theirs = await Promise.all(ids.map(async (id) => ((await connections.getConnection(id))?.deviceId === deviceId ? id : null)));
    for (const id of theirs) {
      if (!id) continue;
      await close(id).catch((error) =>
        this.deps.observer.log.warn("closing a signed-out device's connection failed", failure(error, { to: id })),
      );
    }
  }

  /** Remove one of the caller's passkeys: NOT_FOUND for an id that is not theirs. */
  async removePasskey(conn: Connection, credentialId: string): Promise<void> {
    if (!(await this.deps.accounts.deletePasskey(conn.playerId, credentialId))) {
      throw new AccountError(
        'NOT_FOUND',
        404,
        'You have no passkey with that id (it may have been removed already); open your list of devices again.',
      );
    }
  }

  /** A new device-link code for the caller (at most DEVICE_CODES_PER_HOUR an hour). */
  async linkCode(conn: Connection): Promise<{ code: string; expiresAt: string }> {
    const { accounts, now } = this.deps;
    const at = now();
    const counted = await accounts.countLinkCode(conn.playerId, limit('DEVICE_CODES_PER_HOUR'), HOUR_MS, at);
    if (!counted.ok) {
      throw new AccountError(
        'RATE_LIMITED',
        429,
        `At most ${limit('DEVICE_CODES_PER_HOUR')} device codes are shown per hour; use one already shown, or wait.`,
        counted.retryAfterMs,
      );
    }
    const expiresAt = at.getTime() + CODE_SECONDS * 1000;
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newDeviceCode();
      if (await accounts.putDeviceCode(code, conn.playerId, conn.name, expiresAt, conn.deviceId))
        return { code: showDeviceCode(code), expiresAt: new Date(expiresAt).toISOString() };
    }
    throw new AccountError('INTERNAL', 500, 'No free device code was found; try again.');
  }

  /**
   * `POST /api/signin/code`: the code's player gets a new device; the code is gone. At most
   * DEVICE_CODE_TRIES_PER_HOUR codes are tried from one network (`source`, the client's address)
   * an hour, counted before the code is looked at, so beyond it a right guess is refused too.
   */
  async useCode(typed: string, label: string, source: string): Promise<SessionAnswer> {
    const code = normalizeDeviceCode(typed);
    if (!code) throw new AccountError('BAD_REQUEST', 400, CODE_MALFORMED);
    const tries = limit('DEVICE_CODE_TRIES_PER_HOUR');
    const counted = await this.deps.accounts.countNetworkUse('deviceCodes', networkOf(source), tries, HOUR_MS, this.deps.now());
    if (!counted.ok) {
      const what = `At most ${tries} device codes may be tried from one network an hour; check the code your signed-in device shows.`;
      throw new AccountError('RATE_LIMITED', 429, waitSentence(what, counted.retryAfterMs), counted.retryAfterMs);
    }
    const taken = await this.deps.accounts.takeDeviceCode(code, this.deps.now());
    if (taken === 'expired') throw new AccountError('BAD_REQUEST', 400, CODE_EXPIRED);
    if (!taken) throw new AccountError('BAD_REQUEST', 400, CODE_UNKNOWN);
    // A code dies with the device that showed it: revoking a device (or its sign-out) ends what it handed out.
    if (taken.deviceId && !(await this.deps.accounts.deviceExists(taken.playerId, taken.deviceId)))
      throw new AccountError('BAD_REQUEST', 400, CODE_SIGNED_OUT);
    return this.deps.sessions.start({ playerId: taken.playerId, name: taken.name }, 'code', label);
  }
}
