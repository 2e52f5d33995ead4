/**
 * The items of accounts (typed in items.ts): a player's devices and passkeys in their
 * partition, the address that signs a player in, and what is used once — device-link codes,
 * opened sign-in links, WebAuthn challenges — each claimed or consumed by one conditional
 * write, so two requests (two Lambda instances) can never both use it. Expired one-use items
 * are refused by their own `expiresAt`: DynamoDB's TTL deletes them only eventually. The
 * address's items (who signs in with it, links sent, asks) are in signin-asks.ts.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AccountStore,
  Challenge,
  Counted,
  Device,
  DeviceCode,
  NewDevice,
  NewPasskey,
  NetworkUse,
  Passkey,
  RefreshOutcome,
  SignOutNotice,
} from '../../stores/accounts';
import { rotate } from '../../core/refresh-rotation';
import { SIGN_OUT_NOTICE_DAYS } from '../../core/sign-out-notice';
import { PK, SK, ttlOf } from './account-items';
import { failedCondition, recordOf } from './records';
import type { ChallengeItem, DeviceCodeItem, DeviceItem, PasskeyItem, SignOutNoticeItem, UsedLinkItem } from './items';
import { keys } from './keys';
import { profileName } from './profile-name';
import { prefixed, queryAll } from './query';
import { DynamoSignInAskStore } from './signin-asks';

/** The sign-in asks' part (signin-asks.ts) and the rest of accounts. */
export class DynamoAccountStore extends DynamoSignInAskStore implements AccountStore {
  // --- players ---------------------------------------------------------------------------

  /** A player's name from their profile, or null when there is no such player. */
  async playerName(playerId: string): Promise<string | null> {
    return profileName(this.db, this.table, playerId);
  }

  async v1Ended(playerId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.profile },
        ProjectionExpression: 'v1EndedAt',
        ConsistentRead: true,
      }),
    );
    return typeof out.Item?.v1EndedAt === 'string';
  }

  async endV1(playerId: string, at: Date): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.player(playerId), [SK]: keys.profile },
          UpdateExpression: 'SET v1EndedAt = if_not_exists(v1EndedAt, :at)',
          ConditionExpression: `attribute_exists(${PK})`,
          ExpressionAttributeValues: { ':at': at.toISOString() },
        }),
      );
    } catch (error) {
      if (!failedCondition(error)) throw error;
    }
  }

  // --- devices ---------------------------------------------------------------------------

  async putDevice(playerId: string, device: NewDevice): Promise<void> {
    await this.put(
      { [PK]: keys.player(playerId), [SK]: keys.device(device.deviceId), kind: 'device', ...device } satisfies DeviceItem,
      true,
    );
  }

  async getDevice(playerId: string, deviceId: string): Promise<Device | null> {
    return this.get<Device>('device', keys.player(playerId), keys.device(deviceId));
  }

  async devices(playerId: string): Promise<Device[]> {
    const items = await queryAll(this.db, { ...prefixed(this.table, keys.player(playerId), 'DEVICE#'), ConsistentRead: true });
    return items.map((i) => recordOf<Device>('device', i));
  }

  /**
   * Whether a device still exists (not revoked): one strongly consistent read of its key, a fifth
   * of a write's price. Its `lastSeenAt` moves with each refresh of its 15-minute access token
   * (rotateRefresh), so a connection need not write it.
   */
  async deviceExists(playerId: string, deviceId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.device(deviceId) },
        ProjectionExpression: '#pk',
        ExpressionAttributeNames: { '#pk': PK },
        ConsistentRead: true,
      }),
    );
    return out.Item !== undefined;
  }

  /** Rotate a device's refresh secret (core/refresh-rotation.ts): read it, then write on condition it is still what was read. */
  async rotateRefresh(
    playerId: string,
    deviceId: string,
    givenHash: string,
    nextHash: string,
    at: Date,
    graceSince: Date,
  ): Promise<RefreshOutcome> {
    const key = { [PK]: keys.player(playerId), [SK]: keys.device(deviceId) };
    for (let attempt = 0; attempt < 5; attempt++) {
      const device = await this.get<Device>('device', key[PK]!, key[SK]!);
      if (!device) return { outcome: 'refused' };
      const decided = rotate(device, givenHash, nextHash, at, graceSince);
      if (decided.outcome === 'reused') return { outcome: 'reused', device };
      if (decided.outcome === 'refused') return decided;
      const { next } = decided;
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression: next.previousHash
              ? 'SET refreshHash = :next, previousHash = :previous, rotatedAt = :at, lastSeenAt = :at, usedHashes = :used'
              : 'SET refreshHash = :next, rotatedAt = :at, lastSeenAt = :at, usedHashes = :used REMOVE previousHash',
            ConditionExpression: 'refreshHash = :seen',
            ExpressionAttributeValues: {
              ':next': next.refreshHash,
              ...(next.previousHash ? { ':previous': next.previousHash } : {}),
              ':at': next.rotatedAt,
              ':used': next.usedHashes,
              ':seen': device.refreshHash,
            },
          }),
        );
        return { outcome: 'rotated' };
      } catch (error) {
        // Another refresh of this device got in first (or it was revoked): decide again on what it left.
        if (!failedCondition(error)) throw error;
      }
    }
    return { outcome: 'refused' };
  }

  async putSignOutNotice(playerId: string, notice: SignOutNotice): Promise<void> {
    const expires = Date.parse(notice.at) + SIGN_OUT_NOTICE_DAYS * 86_400_000;
    await this.put({
      [PK]: keys.player(playerId),
      [SK]: keys.signOutNotice(notice.at, notice.deviceId),
      kind: 'signOutNotice',
      ...notice,
      ttl: ttlOf(expires),
    } satisfies SignOutNoticeItem);
  }

  async signOutNotices(playerId: string, since: Date): Promise<SignOutNotice[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: `${PK} = :pk AND ${SK} BETWEEN :from AND :to`,
      ExpressionAttributeValues: {
        ':pk': keys.player(playerId),
        ':from': keys.signOutNotice(since.toISOString(), ''),
        ':to': keys.signOutNotice('~', ''),
      },
      ConsistentRead: true,
    });
    return items.map((i) => recordOf<SignOutNotice>('signOutNotice', i)).reverse();
  }

  /** Delete a device of this player; false when the player has no such device. */
  async deleteDevice(playerId: string, deviceId: string): Promise<boolean> {
    return (await this.take('device', keys.player(playerId), keys.device(deviceId), `attribute_exists(${PK})`)) !== null;
  }

  // --- passkeys --------------------------------------------------------------------------

  async putPasskey(playerId: string, passkey: NewPasskey): Promise<boolean> {
    return this.put(
      { [PK]: keys.player(playerId), [SK]: keys.passkey(passkey.credentialId), kind: 'passkey', ...passkey } satisfies PasskeyItem,
      true,
    );
  }

  async getPasskey(playerId: string, credentialId: string): Promise<Passkey | null> {
    return this.get<Passkey>('passkey', keys.player(playerId), keys.passkey(credentialId));
  }

  async passkeys(playerId: string): Promise<Passkey[]> {
    const items = await queryAll(this.db, { ...prefixed(this.table, keys.player(playerId), 'PASSKEY#'), ConsistentRead: true });
    return items.map((i) => recordOf<Passkey>('passkey', i));
  }

  /** Record a sign-in's counter, unless another sign-in with this passkey got in first (then false). */
  async usePasskey(playerId: string, credentialId: string, previous: number, counter: number, at: Date): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.player(playerId), [SK]: keys.passkey(credentialId) },
          UpdateExpression: 'SET #counter = :counter, lastUsedAt = :at',
          ConditionExpression: `attribute_exists(${PK}) AND #counter = :previous`,
          ExpressionAttributeNames: { '#counter': 'counter' },
          ExpressionAttributeValues: { ':counter': counter, ':previous': previous, ':at': at.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async deletePasskey(playerId: string, credentialId: string): Promise<boolean> {
    return (await this.take('passkey', keys.player(playerId), keys.passkey(credentialId), `attribute_exists(${PK})`)) !== null;
  }

  // --- email sign-in ---------------------------------------------------------------------

  /** Let `playerId` sign in with this confirmed address (the latest confirmation wins, or only if nobody has it yet). */
  async setEmailAccount(email: string, playerId: string, onlyIfAbsent = false): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.emailAccount(email), [SK]: keys.emailAccountMeta },
          UpdateExpression: 'SET kind = :kind, playerId = :p, sent = if_not_exists(sent, :none), #rev = if_not_exists(#rev, :zero)',
          ...(onlyIfAbsent ? { ConditionExpression: `attribute_not_exists(${PK})` } : {}),
          ExpressionAttributeNames: { '#rev': 'rev' },
          ExpressionAttributeValues: { ':kind': 'emailAccount', ':p': playerId, ':none': [], ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!failedCondition(error)) throw error;
    }
  }

  async countLinkCode(playerId: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    return this.countRecent('linkCodes', keys.player(playerId), keys.linkCodes, max, windowMs, now);
  }

  async countConfirmationEmail(email: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    // An item of its own, not the address's ACCOUNT: a stranger's address must not gain one (setEmailAccount's "only if absent").
    const ttl = ttlOf(now.getTime() + windowMs);
    return this.countRecent('emailConfirmations', keys.emailAccount(email), keys.emailConfirmations, max, windowMs, now, ttl);
  }

  async countNetworkUse(use: NetworkUse, network: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    const ttl = ttlOf(now.getTime() + windowMs);
    return this.countRecent('networkUses', keys.network(network), use, max, windowMs, now, ttl);
  }

  /** Mark a sign-in link's nonce used; false when it was used already. */
  async markLinkUsed(nonce: string, playerId: string, expiresAtMs: number): Promise<boolean> {
    return this.put(
      { [PK]: keys.usedLink(nonce), [SK]: keys.oneUse, kind: 'usedLink', playerId, ttl: ttlOf(expiresAtMs) } satisfies UsedLinkItem,
      true,
    );
  }

  // --- device-link codes -----------------------------------------------------------------

  async putDeviceCode(code: string, playerId: string, name: string, expiresAtMs: number, deviceId?: string): Promise<boolean> {
    return this.put(
      {
        [PK]: keys.deviceCode(code),
        [SK]: keys.oneUse,
        kind: 'deviceCode',
        playerId,
        name,
        expiresAt: expiresAtMs,
        ...(deviceId ? { deviceId } : {}),
        ttl: ttlOf(expiresAtMs),
      } satisfies DeviceCodeItem,
      true,
    );
  }

  /** Use a code: its item, deleted, while it is valid; 'expired' or null (never made, or used) otherwise. */
  async takeDeviceCode(code: string, now: Date): Promise<DeviceCode | 'expired' | null> {
    const taken = await this.take<DeviceCode>(
      'deviceCode',
      keys.deviceCode(code),
      keys.oneUse,
      `attribute_exists(${PK}) AND expiresAt > :now`,
      {
        ':now': now.getTime(),
      },
    );
    if (taken) return taken;
    // Refused: say why when the code exists but is past its time (the TTL clears it away).
    return (await this.get<DeviceCode>('deviceCode', keys.deviceCode(code), keys.oneUse)) ? 'expired' : null;
  }

  // --- WebAuthn challenges ---------------------------------------------------------------

  async putChallenge(challenge: string, purpose: Challenge['purpose'], playerId: string | undefined, expiresAtMs: number): Promise<void> {
    await this.put(
      {
        [PK]: keys.challenge(challenge),
        [SK]: keys.oneUse,
        kind: 'challenge',
        purpose,
        ...(playerId ? { playerId } : {}),
        expiresAt: expiresAtMs,
        ttl: ttlOf(expiresAtMs),
      } satisfies ChallengeItem,
      true,
    );
  }

  /** Use a challenge: its item, deleted, if it is unexpired; null otherwise (unknown, used or expired). */
  async takeChallenge(challenge: string, now: Date): Promise<Challenge | null> {
    return this.take<Challenge>('challenge', keys.challenge(challenge), keys.oneUse, `attribute_exists(${PK}) AND expiresAt > :now`, {
      ':now': now.getTime(),
    });
  }
}
