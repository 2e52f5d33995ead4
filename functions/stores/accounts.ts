/**
 * Accounts: a player's signed-in devices and passkeys, the address that signs a player in, and
 * what is used once — device-link codes, opened sign-in links, WebAuthn challenges — each claimed
 * or consumed by one conditional write, so two requests can never both use it. Expired one-use
 * records are refused by their own expiry, whenever the store happens to delete them.
 */

/** A signed-in device: deleted when revoked, which ends its refresh. */
export interface Device {
  deviceId: string;
  label: string;
  /** How it signed in: 'name' (a new player), 'upgrade' (a v1 token), 'email', 'code', 'passkey'. */
  method: string;
  createdAt: string;
  lastSeenAt: string;
  /**
   * hashSecret of the current refresh token's secret; the one before it, and when it was
   * replaced (a lost answer's grace); the few spent before it (core/refresh-rotation.ts).
   */
  refreshHash: string;
  previousHash?: string;
  rotatedAt?: string;
  usedHashes?: string[];
}

/** A device as first stored (a rotation adds the previous secret). */
export type NewDevice = Omit<Device, 'previousHash' | 'rotatedAt' | 'usedHashes'>;

/** A device the server signed out because its refresh token was used twice (shown to its player for a while). */
export interface SignOutNotice {
  deviceId: string;
  label: string;
  /** When it was signed out (ISO). */
  at: string;
  reason: 'refreshReused';
}

/** What a refresh did: rotated the secret; found a spent one (`device` as it was: the caller signs it out); or refused. */
export type RefreshOutcome = { outcome: 'rotated' } | { outcome: 'reused'; device: Device } | { outcome: 'refused' };

/** A passkey: its public key and signature counter. */
export interface Passkey {
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  label: string;
  createdAt: string;
  lastUsedAt?: string;
}

export type NewPasskey = Omit<Passkey, 'lastUsedAt'>;

/** A device-link code's owner, while it may be used. */
export interface DeviceCode {
  playerId: string;
  name: string;
  /** ms since the epoch. */
  expiresAt: number;
  /** The device that showed it (absent: shown on a connection without one, a v1 token's): a code dies with its device. */
  deviceId?: string;
}

/** A WebAuthn challenge waiting for its answer. */
export interface Challenge {
  purpose: 'register' | 'signin';
  /** Registration: the player adding a passkey. */
  playerId?: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** Who signs in with an address. */
export interface EmailAccount {
  playerId: string;
}

/** An ask for a sign-in link, as the stream carries it. */
export interface SignInAsk {
  email: string;
  /** When it was asked (ISO). */
  at: string;
}

/** What is counted per network: device-link codes typed, passkey sign-in challenges asked for. */
export type NetworkUse = 'deviceCodes' | 'passkeyChallenges';

/** Counting one more use within a window: done, or how long until the oldest leaves the window. */
export type Counted = { ok: true } | { ok: false; retryAfterMs: number };

/** What answering an ask for a sign-in link needs of accounts (host/signin-links.ts). */
export interface SignInAskStore {
  /** Who signs in with this address (any case), or null. */
  emailAccount(email: string): Promise<EmailAccount | null>;
  /**
   * Count one more sign-in link mailed to this address within the last `windowMs`, unless `max`
   * went already: then how long until the oldest leaves the window. Concurrent requests cannot
   * both take the last place.
   */
  countSignInEmail(email: string, max: number, windowMs: number, now: Date): Promise<Counted>;
  /**
   * Note that someone asked for a sign-in link to this address at `at`: one write, whatever the
   * address, so the answer takes as long for an address nobody has. The table's stream hands it
   * to EmailSignIn.send, which decides and mails.
   */
  askSignInLink(email: string, at: Date): Promise<void>;
  /** Take an ask (delete it): true once; false when it was taken already (a redelivered stream record). */
  takeSignInAsk(email: string, at: string): Promise<boolean>;
}

export interface AccountStore extends SignInAskStore {
  /** A player's name from their profile, or null when there is no such player. */
  playerName(playerId: string): Promise<string | null>;

  /** Whether the player's v1 token was ended (`endV1`); read consistently. */
  v1Ended(playerId: string): Promise<boolean>;
  /** End the player's v1 token for good (its exchanged device was revoked): one per player, so every copy of it. */
  endV1(playerId: string, at: Date): Promise<void>;

  /** Keep a new device of this player (a device id taken already keeps its device). */
  putDevice(playerId: string, device: NewDevice): Promise<void>;
  getDevice(playerId: string, deviceId: string): Promise<Device | null>;
  /** The player's devices, in the order of their ids. */
  devices(playerId: string): Promise<Device[]>;
  /** Whether a device still exists (not revoked); read consistently, cheaper than getDevice. */
  deviceExists(playerId: string, deviceId: string): Promise<boolean>;
  /**
   * Replace a device's refresh secret (and its lastSeenAt) as core/refresh-rotation.ts decides:
   * with the current one, or once with the one before it within the grace; 'reused' for a spent
   * one; 'refused' when the device is gone or the secret was never its own. Concurrent
   * refreshes are decided one after another (a conditional write on the secret read).
   */
  rotateRefresh(
    playerId: string,
    deviceId: string,
    givenHash: string,
    nextHash: string,
    at: Date,
    graceSince: Date,
  ): Promise<RefreshOutcome>;
  /** Keep a sign-out notice for the player (for SIGN_OUT_NOTICE_DAYS; later ones replace none). */
  putSignOutNotice(playerId: string, notice: SignOutNotice): Promise<void>;
  /** The player's sign-out notices since `since`, the newest first. */
  signOutNotices(playerId: string, since: Date): Promise<SignOutNotice[]>;
  /** Delete a device of this player; false when the player has no such device. */
  deleteDevice(playerId: string, deviceId: string): Promise<boolean>;

  /** Keep a new passkey; false when this player has one with that credential id already. */
  putPasskey(playerId: string, passkey: NewPasskey): Promise<boolean>;
  getPasskey(playerId: string, credentialId: string): Promise<Passkey | null>;
  /** The player's passkeys, in the order of their credential ids. */
  passkeys(playerId: string): Promise<Passkey[]>;
  /** Record a sign-in's counter, unless another sign-in with this passkey got in first (its counter is no longer `previous`): then false. */
  usePasskey(playerId: string, credentialId: string, previous: number, counter: number, at: Date): Promise<boolean>;
  /** Delete a passkey of this player; false when the player has no such passkey. */
  deletePasskey(playerId: string, credentialId: string): Promise<boolean>;

  /** Let `playerId` sign in with this confirmed address (the latest confirmation wins, or only if nobody has it yet). */
  setEmailAccount(email: string, playerId: string, onlyIfAbsent?: boolean): Promise<void>;
  /**
   * Count one more confirmation email to this address (any player's) within the last
   * `windowMs`, as countSignInEmail: accounts are free, so the cap per player alone would let
   * many accounts mail one stranger.
   */
  countConfirmationEmail(email: string, max: number, windowMs: number, now: Date): Promise<Counted>;
  /** Mark a sign-in link's nonce used (until `expiresAtMs`, when the link stops working anyway); false when it was used already. */
  markLinkUsed(nonce: string, playerId: string, expiresAtMs: number): Promise<boolean>;

  /** Count one more device-link code the player made within the last `windowMs`, as countSignInEmail. */
  countLinkCode(playerId: string, max: number, windowMs: number, now: Date): Promise<Counted>;
  /**
   * Count one more use of this kind from this network (core/network.ts) within the last
   * `windowMs`, as countSignInEmail: what anyone may do without signing in, limited per source.
   */
  countNetworkUse(use: NetworkUse, network: string, max: number, windowMs: number, now: Date): Promise<Counted>;
  /** Keep a device-link code until `expiresAtMs`; false when the code is taken (the caller draws another). */
  putDeviceCode(code: string, playerId: string, name: string, expiresAtMs: number, deviceId?: string): Promise<boolean>;
  /** Use a code: its owner, the code deleted, while it is valid; 'expired' or null (never made, or used) otherwise. */
  takeDeviceCode(code: string, now: Date): Promise<DeviceCode | 'expired' | null>;

  /** Keep a WebAuthn challenge until `expiresAtMs`. */
  putChallenge(challenge: string, purpose: Challenge['purpose'], playerId: string | undefined, expiresAtMs: number): Promise<void>;
  /** Use a challenge: its record, deleted, if it is unexpired; null otherwise (unknown, used or expired). */
  takeChallenge(challenge: string, now: Date): Promise<Challenge | null>;
}
