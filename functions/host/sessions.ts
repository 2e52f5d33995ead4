/**
 * Signed-in devices' sessions: every sign-in makes a device (an item in the player's partition)
 * with a refresh secret, and hands out a short-lived access token naming the device. Refreshing
 * replaces the secret (one conditional write), so a revoked device — its item deleted — can
 * neither refresh nor connect again. No zod here: the passkey function's bundle holds this too.
 */
import type { ErrorCode } from '../core/protocol/frames';
import type { Session } from '../core/protocol/http-bodies';
import { verifyToken, type TokenPlayer } from '../core/token';
import {
  ACCESS_TOKEN_SECONDS,
  hashSecret,
  issueAccessToken,
  newDeviceId,
  newSecret,
  parseRefreshToken,
  refreshToken,
  SOCKET_TOKEN_SECONDS,
  verifyAccessToken,
} from '../core/session-token';
import type { AccountStore } from '../stores/accounts';
import type { SigningKeys } from '../adapters/signing-keys';

/** A refused account request: its protocol code, the HTTP status, a sentence. Changes nothing. */
export class AccountError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** What every sign-in answers: the device's tokens (the protocol's `Session`, protocol/http-bodies.ts). */
export type SessionAnswer = Session;

/** Who a token says is calling; deviceId is absent for a v1 token. */
export interface Caller extends TokenPlayer {
  deviceId?: string;
}

/** How a device first signed in (shown in its player's list). */
export type SignInMethod = 'name' | 'upgrade' | 'email' | 'code' | 'passkey';

/**
 * A refresh token replaced this recently may still be used once, in case the answer with its
 * successor was lost; used again (or after this), it is a copy: core/refresh-rotation.ts.
 */
export const REFRESH_GRACE_MS = 2 * 60_000;

export const SIGNED_OUT = 'This device is signed out: it was removed from your devices, or its sign-in was used elsewhere. Sign in again.';
export const SIGNED_OUT_REPLAYED =
  'This device was signed out because its sign-in was used twice, as a copy of it would be. Sign in again; your devices list says more.';
export const TOKEN_EXPIRED = 'Your sign-in on this device has expired; refresh it (POST /api/session/refresh) or sign in again.';
export const V1_ENDED = 'This sign-in was ended when the device it had been exchanged for was removed from your devices. Sign in again.';
export const TOKEN_INVALID = 'Send a valid token as "Authorization: Bearer TOKEN".';
export const SOCKET_ONLY =
  'This is a socket token: it opens a WebSocket (?token=) and nothing else. Send the access token ("token" of your session) here.';
export const SOCKET_EXPIRED = 'The socket token has expired; refresh your session (POST /api/session/refresh) for a new one.';

export class Sessions {
  constructor(
    private readonly accounts: AccountStore,
    private readonly now: () => Date,
    private readonly keys: SigningKeys,
  ) {}

  private async access(playerId: string, name: string, deviceId: string, secret: string): Promise<SessionAnswer> {
    const key = await this.keys.currentKey();
    return {
      playerId,
      name,
      deviceId,
      token: issueAccessToken({ playerId, name, deviceId }, key.kid, key.secret, this.now()),
      refreshToken: refreshToken({ playerId, deviceId, secret }),
      expiresIn: ACCESS_TOKEN_SECONDS,
      socketToken: issueAccessToken({ playerId, name, deviceId }, key.kid, key.secret, this.now(), 'w2'),
      socketExpiresIn: SOCKET_TOKEN_SECONDS,
    };
  }

  /** A new device for a player who just proved who they are. */
  async start(player: TokenPlayer, method: SignInMethod, label: string): Promise<SessionAnswer> {
    const at = this.now().toISOString();
    const deviceId = newDeviceId();
    const secret = newSecret();
    await this.accounts.putDevice(player.playerId, {
      deviceId,
      label,
      method,
      createdAt: at,
      lastSeenAt: at,
      refreshHash: hashSecret(secret),
    });
    return this.access(player.playerId, player.name, deviceId, secret);
  }

  /** `POST /api/session/refresh`: a new access token and a new refresh token for the device. */
  async refresh(token: string, closeDevice?: (playerId: string, deviceId: string) => Promise<void>): Promise<SessionAnswer> {
    const parts = parseRefreshToken(token);
    if (!parts) throw new AccountError('BAD_REQUEST', 400, 'That is not a refresh token; send the refreshToken your sign-in answered.');
    const at = this.now();
    const secret = newSecret();
    const rotated = await this.accounts.rotateRefresh(
      parts.playerId,
      parts.deviceId,
      hashSecret(parts.secret),
      hashSecret(secret),
      at,
      new Date(at.getTime() - REFRESH_GRACE_MS),
    );
    if (rotated.outcome === 'reused') {
      // A spent token came back: someone holds a copy. Sign the device out (both holders), close its sockets, tell its player.
      if (await this.accounts.deleteDevice(parts.playerId, parts.deviceId)) {
        const { deviceId, label } = rotated.device;
        // A device exchanged for a v1 token: the copy may be of that token's heir, so the v1 token ends too.
        if (rotated.device.method === 'upgrade') await this.accounts.endV1(parts.playerId, at);
        await this.accounts.putSignOutNotice(parts.playerId, { deviceId, label, at: at.toISOString(), reason: 'refreshReused' });
        await closeDevice?.(parts.playerId, parts.deviceId);
      }
      throw new AccountError('UNAUTHORIZED', 401, SIGNED_OUT_REPLAYED);
    }
    if (rotated.outcome === 'refused') throw new AccountError('UNAUTHORIZED', 401, SIGNED_OUT);
    const name = (await this.accounts.playerName(parts.playerId)) ?? '';
    return this.access(parts.playerId, name, parts.deviceId, secret);
  }

  /**
   * The caller a v1 or v2 token names, or why not: a v2 token by its signature and expiry (no
   * read); a v1 token by its signature and whether its player ended it (one read). A socket token
   * (w2) only where `socket` says a WebSocket is opening, whose device the caller then reads.
   */
  async check(
    token: string | undefined | null,
    options: { socket?: boolean } = {},
  ): Promise<{ ok: true; caller: Caller } | { ok: false; message: string }> {
    if (!token) return { ok: false, message: TOKEN_INVALID };
    if (token.startsWith('w2.')) {
      if (!options.socket) return { ok: false, message: SOCKET_ONLY };
      const checked = await verifyAccessToken(token, this.keys.keyFor, this.now(), 'w2');
      if (!checked.ok) return { ok: false, message: checked.reason === 'expired' ? SOCKET_EXPIRED : TOKEN_INVALID };
      const { playerId, name, deviceId } = checked.claim;
      return { ok: true, caller: { playerId, name, deviceId } };
    }
    if (token.startsWith('v2.')) {
      const checked = await verifyAccessToken(token, this.keys.keyFor, this.now());
      if (!checked.ok) return { ok: false, message: checked.reason === 'expired' ? TOKEN_EXPIRED : TOKEN_INVALID };
      const { playerId, name, deviceId } = checked.claim;
      return { ok: true, caller: { playerId, name, deviceId } };
    }
    const player = verifyToken(token, await this.keys.legacySecret());
    if (!player) return { ok: false, message: TOKEN_INVALID };
    if (await this.accounts.v1Ended(player.playerId)) return { ok: false, message: V1_ENDED };
    return { ok: true, caller: player };
  }

  /** The caller, for what a revoked device must not do in its token's last minutes: its device must still exist. */
  async signedIn(token: string | undefined | null): Promise<Caller> {
    const checked = await this.check(token);
    if (!checked.ok) throw new AccountError('UNAUTHORIZED', 401, checked.message);
    const { caller } = checked;
    if (caller.deviceId && !(await this.accounts.getDevice(caller.playerId, caller.deviceId)))
      throw new AccountError('UNAUTHORIZED', 401, SIGNED_OUT);
    return caller;
  }
}
