/**
 * Accounts in memory, with the table's conditions: a device, passkey, code, challenge or used
 * link is stored only if new; a code or challenge is taken (deleted) only while unexpired at the
 * time given; a refresh rotates as core/refresh-rotation.ts decides; counts within a window refuse the one beyond `max`. Names come from the players' profiles.
 */
import type {
  AccountStore,
  Challenge,
  Counted,
  Device,
  DeviceCode,
  EmailAccount,
  NewDevice,
  NetworkUse,
  NewPasskey,
  Passkey,
  RefreshOutcome,
  SignOutNotice,
} from '../../stores/accounts';
import { rotate } from '../../core/refresh-rotation';
import { byKey, mapIn } from './order';
import type { MemoryStream } from './stream';
import type { MemoryPlayerStore } from './players';

/** One more use at `now` in a list of recent times, unless `max` are within the window: the list after, or how long to wait. */
function countIn(sent: readonly number[], max: number, windowMs: number, now: Date): { sent: number[] } | { retryAfterMs: number } {
  const recent = sent.filter((t) => t > now.getTime() - windowMs);
  if (recent.length >= max) return { retryAfterMs: Math.min(...recent) + windowMs - now.getTime() };
  return { sent: [...recent, now.getTime()] };
}

export class MemoryAccountStore implements AccountStore {
  /** playerId → deviceId → device */
  private readonly deviceRecords = new Map<string, Map<string, Device>>();
  /** playerId → at#deviceId → a device the server signed out (the table's TTL forgets them; here they stay) */
  private readonly signOuts = new Map<string, Map<string, SignOutNotice>>();
  /** playerId → credentialId → passkey */
  private readonly passkeyRecords = new Map<string, Map<string, Passkey>>();
  /** lower-cased address → who signs in with it (absent before any player has it), and the sign-in links mailed to it lately */
  private readonly emails = new Map<string, { playerId?: string; sent: number[] }>();
  /** lower-cased address → when confirmation emails were sent to it lately */
  private readonly confirmations = new Map<string, number[]>();
  /** use#network → when it was used from that network lately */
  private readonly networkUses = new Map<string, number[]>();
  /** playerId → when their latest device-link codes were made */
  private readonly linkCodes = new Map<string, number[]>();
  private readonly usedLinks = new Map<string, string>();
  private readonly codes = new Map<string, DeviceCode>();
  private readonly challenges = new Map<string, Challenge>();

  /** Players whose v1 token was ended. */
  private readonly v1EndedFor = new Set<string>();
  /** lower-cased address#at → an ask for a sign-in link not yet taken */
  private readonly asks = new Set<string>();

  constructor(
    private readonly players: MemoryPlayerStore,
    /** Where asks for sign-in links go, as the table's stream carries them. */
    private readonly stream?: MemoryStream,
  ) {}

  async playerName(playerId: string): Promise<string | null> {
    return this.players.playerName(playerId);
  }

  async putDevice(playerId: string, device: NewDevice): Promise<void> {
    const devices = mapIn(this.deviceRecords, playerId);
    if (!devices.has(device.deviceId)) devices.set(device.deviceId, structuredClone(device));
  }

  async getDevice(playerId: string, deviceId: string): Promise<Device | null> {
    const device = this.deviceRecords.get(playerId)?.get(deviceId);
    return device ? structuredClone(device) : null;
  }

  async devices(playerId: string): Promise<Device[]> {
    return byKey(this.deviceRecords.get(playerId)).map(([, d]) => structuredClone(d));
  }

  async v1Ended(playerId: string): Promise<boolean> {
    return this.v1EndedFor.has(playerId);
  }

  async endV1(playerId: string): Promise<void> {
    if ((await this.players.playerName(playerId)) !== null) this.v1EndedFor.add(playerId);
  }

  async deviceExists(playerId: string, deviceId: string): Promise<boolean> {
    return this.deviceRecords.get(playerId)?.has(deviceId) ?? false;
  }

  async rotateRefresh(
    playerId: string,
    deviceId: string,
    givenHash: string,
    nextHash: string,
    at: Date,
    graceSince: Date,
  ): Promise<RefreshOutcome> {
    const device = this.deviceRecords.get(playerId)?.get(deviceId);
    if (!device) return { outcome: 'refused' };
    const decided = rotate(device, givenHash, nextHash, at, graceSince);
    if (decided.outcome === 'reused') return { outcome: 'reused', device: structuredClone(device) };
    if (decided.outcome === 'refused') return decided;
    delete device.previousHash;
    Object.assign(device, decided.next, { lastSeenAt: at.toISOString() });
    return { outcome: 'rotated' };
  }

  async putSignOutNotice(playerId: string, notice: SignOutNotice): Promise<void> {
    mapIn(this.signOuts, playerId).set(`${notice.at}#${notice.deviceId}`, structuredClone(notice));
  }

  async signOutNotices(playerId: string, since: Date): Promise<SignOutNotice[]> {
    return byKey(this.signOuts.get(playerId), true)
      .map(([, n]) => structuredClone(n))
      .filter((n) => n.at >= since.toISOString());
  }

  async deleteDevice(playerId: string, deviceId: string): Promise<boolean> {
    return this.deviceRecords.get(playerId)?.delete(deviceId) ?? false;
  }

  async putPasskey(playerId: string, passkey: NewPasskey): Promise<boolean> {
    const passkeys = mapIn(this.passkeyRecords, playerId);
    if (passkeys.has(passkey.credentialId)) return false;
    passkeys.set(passkey.credentialId, structuredClone(passkey));
    return true;
  }

  async getPasskey(playerId: string, credentialId: string): Promise<Passkey | null> {
    const passkey = this.passkeyRecords.get(playerId)?.get(credentialId);
    return passkey ? structuredClone(passkey) : null;
  }

  async passkeys(playerId: string): Promise<Passkey[]> {
    return byKey(this.passkeyRecords.get(playerId)).map(([, p]) => structuredClone(p));
  }

  async usePasskey(playerId: string, credentialId: string, previous: number, counter: number, at: Date): Promise<boolean> {
    const passkey = this.passkeyRecords.get(playerId)?.get(credentialId);
    if (passkey?.counter !== previous) return false;
    Object.assign(passkey, { counter, lastUsedAt: at.toISOString() });
    return true;
  }

  async deletePasskey(playerId: string, credentialId: string): Promise<boolean> {
    return this.passkeyRecords.get(playerId)?.delete(credentialId) ?? false;
  }

  async emailAccount(email: string): Promise<EmailAccount | null> {
    const playerId = this.emails.get(email.toLowerCase())?.playerId;
    return playerId === undefined ? null : { playerId };
  }

  async setEmailAccount(email: string, playerId: string, onlyIfAbsent = false): Promise<void> {
    const account = this.emails.get(email.toLowerCase());
    // As the table's condition: "absent" is no record at all, not even a count of links.
    if (onlyIfAbsent && account) return;
    this.emails.set(email.toLowerCase(), { sent: account?.sent ?? [], playerId });
  }

  async countSignInEmail(email: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    const account = this.emails.get(email.toLowerCase()) ?? { sent: [] };
    const counted = countIn(account.sent, max, windowMs, now);
    if ('retryAfterMs' in counted) return { ok: false, retryAfterMs: counted.retryAfterMs };
    this.emails.set(email.toLowerCase(), { ...account, sent: counted.sent });
    return { ok: true };
  }

  async askSignInLink(email: string, at: Date): Promise<void> {
    const ask = { email: email.toLowerCase(), at: at.toISOString() };
    this.asks.add(`${ask.email}#${ask.at}`);
    this.stream?.insert({ kind: 'signInAsk', ...ask });
  }

  async takeSignInAsk(email: string, at: string): Promise<boolean> {
    return this.asks.delete(`${email.toLowerCase()}#${at}`);
  }

  /** Kept as long as the store lives (the table's TTL forgets it after the link's expiry, when it no longer works anyway). */
  async markLinkUsed(nonce: string, playerId: string): Promise<boolean> {
    if (this.usedLinks.has(nonce)) return false;
    this.usedLinks.set(nonce, playerId);
    return true;
  }

  async countLinkCode(playerId: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    const counted = countIn(this.linkCodes.get(playerId) ?? [], max, windowMs, now);
    if ('retryAfterMs' in counted) return { ok: false, retryAfterMs: counted.retryAfterMs };
    this.linkCodes.set(playerId, counted.sent);
    return { ok: true };
  }

  async countConfirmationEmail(email: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    const counted = countIn(this.confirmations.get(email.toLowerCase()) ?? [], max, windowMs, now);
    if ('retryAfterMs' in counted) return { ok: false, retryAfterMs: counted.retryAfterMs };
    this.confirmations.set(email.toLowerCase(), counted.sent);
    return { ok: true };
  }

  async countNetworkUse(use: NetworkUse, network: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    const counted = countIn(this.networkUses.get(`${use}#${network}`) ?? [], max, windowMs, now);
    if ('retryAfterMs' in counted) return { ok: false, retryAfterMs: counted.retryAfterMs };
    this.networkUses.set(`${use}#${network}`, counted.sent);
    return { ok: true };
  }

  async putDeviceCode(code: string, playerId: string, name: string, expiresAtMs: number, deviceId?: string): Promise<boolean> {
    if (this.codes.has(code)) return false;
    this.codes.set(code, { playerId, name, expiresAt: expiresAtMs, ...(deviceId ? { deviceId } : {}) });
    return true;
  }

  async takeDeviceCode(code: string, now: Date): Promise<DeviceCode | 'expired' | null> {
    const taken = this.codes.get(code);
    if (!taken) return null;
    // Past its time it stays (the table's TTL clears it away only eventually) and says so.
    if (taken.expiresAt <= now.getTime()) return 'expired';
    this.codes.delete(code);
    return taken;
  }

  async putChallenge(challenge: string, purpose: Challenge['purpose'], playerId: string | undefined, expiresAtMs: number): Promise<void> {
    if (!this.challenges.has(challenge))
      this.challenges.set(challenge, { purpose, ...(playerId ? { playerId } : {}), expiresAt: expiresAtMs });
  }

  async takeChallenge(challenge: string, now: Date): Promise<Challenge | null> {
    const taken = this.challenges.get(challenge);
    if (!taken || taken.expiresAt <= now.getTime()) return null;
    this.challenges.delete(challenge);
    return taken;
  }
}
