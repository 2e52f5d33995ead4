/**
 * Players in the table: the profile (PLAYER#id / PROFILE: name, creation time; the same item
 * holds the player's live connections, connections.ts, and game quotas, quotas.ts) and the
 * notification settings record (PLAYER#id / SETTINGS), revised with a conditional put.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nameKey, nameTaken } from '../../core/name-key';
import { NO_RECORD, withSettings, type NotificationSettings, type SettingsRecord } from '../../core/notification';
import { ProtocolError } from '../../core/protocol/frames';
import type { PlayerStore } from '../../stores/players';
import { upcast } from './catalog';
import type { PlayerItem, PlayerNameItem, SettingsItem } from './items';
import { keys } from './keys';
import { TABLE } from './table';
import { profileName } from './profile-name';
import { atRevision } from './revision';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoPlayerStore implements PlayerStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The profile and the name's claim in one transaction: a name someone has refuses both.
   * (Players who signed up before names were claimed have no claim: their names stay free to the
   * first who claims them, as no index finds a profile by name.)
   */
  async putPlayer(playerId: string, name: string): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  [PK]: keys.player(playerId),
                  [SK]: keys.profile,
                  kind: 'player',
                  playerId,
                  name,
                  createdAt: this.now().toISOString(),
                  live: {},
                } satisfies PlayerItem,
                ConditionExpression: `attribute_not_exists(${PK})`,
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  [PK]: keys.playerName(nameKey(name)),
                  [SK]: keys.playerNameClaim,
                  kind: 'playerName',
                  playerId,
                  name,
                } satisfies PlayerNameItem,
                ConditionExpression: `attribute_not_exists(${PK})`,
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof TransactionCanceledException && error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed')
        throw new ProtocolError('CONFLICT', nameTaken(name));
      throw error;
    }
  }

  async playerName(playerId: string): Promise<string | null> {
    return profileName(this.db, this.table, playerId);
  }

  /** A player's notification settings with the state of their email address. */
  async getSettingsRecord(playerId: string, consistent = false): Promise<SettingsRecord> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.settings }, ConsistentRead: consistent }),
    );
    if (!out.Item) return NO_RECORD;
    const item = upcast('settings', out.Item);
    return {
      settings: JSON.parse(item.settings) as NotificationSettings,
      confirmedEmail: item.confirmedEmail ?? null,
      emailSince: item.emailSince,
      confirmationsSent: item.confirmationsSent,
      rev: item.rev,
      ...(item.muted ? { muted: item.muted } : {}),
      ...(item.emailBlocked ? { emailBlocked: item.emailBlocked } : {}),
    };
  }

  async getSettings(playerId: string): Promise<NotificationSettings> {
    return (await this.getSettingsRecord(playerId)).settings;
  }

  /**
   * Write a settings record unless the item was written since the record was read (its `rev`):
   * one conditional put holds the settings, the confirmed address and the confirmation count
   * together. Returns the stored record, or null when another write got in first.
   */
  async writeSettingsRecord(playerId: string, record: SettingsRecord): Promise<SettingsRecord | null> {
    const stored = { ...record, rev: record.rev + 1 };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            [PK]: keys.player(playerId),
            [SK]: keys.settings,
            kind: 'settings',
            settings: JSON.stringify(stored.settings),
            ...(stored.confirmedEmail ? { confirmedEmail: stored.confirmedEmail } : {}),
            emailSince: stored.emailSince,
            confirmationsSent: stored.confirmationsSent,
            rev: stored.rev,
            ...(stored.muted?.length ? { muted: stored.muted } : {}),
            ...(stored.emailBlocked ? { emailBlocked: stored.emailBlocked } : {}),
          } satisfies SettingsItem,
          ...atRevision(record.rev),
        }),
      );
      return stored;
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }

  /**
   * Read, change and write back a player's settings record, again if another write got in
   * between. `change` may throw (nothing is written) or return null (nothing to write).
   */
  async updateSettings(
    playerId: string,
    change: (r: SettingsRecord) => SettingsRecord | null,
  ): Promise<{ before: SettingsRecord; after: SettingsRecord }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.getSettingsRecord(playerId, true);
      const next = change(before);
      if (!next) return { before, after: before };
      const after = await this.writeSettingsRecord(playerId, { ...next, rev: before.rev });
      if (after) return { before, after };
    }
    throw new ProtocolError('CONFLICT', 'Your notification settings were being changed elsewhere at the same time; try again.');
  }

  /** Replace the settings; the email confirmation stays if the address does. */
  async putSettings(playerId: string, settings: NotificationSettings): Promise<void> {
    await this.updateSettings(playerId, (r) => withSettings(r, settings, this.now()));
  }
}
