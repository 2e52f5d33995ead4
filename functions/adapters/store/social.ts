/**
 * Follows, blocks, groups and vacations in the table (keys.ts): a block is two items, one in
 * each player's partition, written together, so "who has a block with me" is one query of my
 * own partition. A group's member count moves with its member items in one transaction.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nameKey } from '../../core/name-key';
import { byName, type Group, type GroupJoin, type SocialStore, type Tie, type Vacation } from '../../stores/social';
import { upcast, upcastAll } from './catalog';
import { putNew, recordOf } from './records';
import { keys } from './keys';
import { prefixed, queryAll } from './query';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

const tieOf = (item: { playerId: string; name: string; since: string }): Tie => ({
  playerId: item.playerId,
  name: item.name,
  since: item.since,
});

export class DynamoSocialStore implements SocialStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async playerByName(name: string): Promise<{ playerId: string; name: string } | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.playerName(nameKey(name)), [SK]: keys.playerNameClaim } }),
    );
    if (!out.Item) return null;
    const item = upcast('playerName', out.Item);
    return { playerId: item.playerId, name: item.name };
  }

  async follow(playerId: string, other: Omit<Tie, 'since'>, at: string): Promise<void> {
    // Already followed: the same follow, nothing to do.
    await putNew(this.db, this.table, {
      [PK]: keys.player(playerId),
      [SK]: keys.follow(other.playerId),
      kind: 'follow',
      ...other,
      since: at,
    });
  }

  async unfollow(playerId: string, otherId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.follow(otherId) } }));
  }

  async following(playerId: string): Promise<Tie[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.player(playerId), keys.follows));
    return upcastAll('follow', items).map(tieOf).sort(byName);
  }

  async block(playerId: string, other: Omit<Tie, 'since'>, at: string): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: { [PK]: keys.player(playerId), [SK]: keys.block(other.playerId), kind: 'block', ...other, since: at },
            },
          },
          {
            Put: {
              TableName: this.table,
              Item: { [PK]: keys.player(other.playerId), [SK]: keys.blockedBy(playerId), kind: 'blockedBy', playerId },
            },
          },
          { Delete: { TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.follow(other.playerId) } } },
        ],
      }),
    );
  }

  async unblock(playerId: string, otherId: string): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.block(otherId) } } },
          { Delete: { TableName: this.table, Key: { [PK]: keys.player(otherId), [SK]: keys.blockedBy(playerId) } } },
        ],
      }),
    );
  }

  async blocked(playerId: string): Promise<Tie[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.player(playerId), keys.blocks));
    return upcastAll('block', items).map(tieOf).sort(byName);
  }

  async barriers(playerId: string): Promise<Set<string>> {
    const [mine, theirs] = await Promise.all([
      queryAll(this.db, prefixed(this.table, keys.player(playerId), keys.blocks)),
      queryAll(this.db, prefixed(this.table, keys.player(playerId), keys.blockedBys)),
    ]);
    return new Set([...upcastAll('block', mine).map((i) => i.playerId), ...upcastAll('blockedBy', theirs).map((i) => i.playerId)]);
  }

  async createGroup(group: Group, founder: Omit<Tie, 'since'>): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: { [PK]: keys.group(group.groupId), [SK]: keys.groupHead, kind: 'group', ...group, members: 1 },
              ConditionExpression: `attribute_not_exists(${PK})`,
            },
          },
          ...this.memberPuts(group.groupId, group.name, founder, group.createdAt),
        ],
      }),
    );
  }

  private memberPuts(groupId: string, name: string, member: Omit<Tie, 'since'>, at: string) {
    return [
      {
        Put: {
          TableName: this.table,
          Item: { [PK]: keys.group(groupId), [SK]: keys.member(member.playerId), kind: 'member', ...member, since: at },
          ConditionExpression: `attribute_not_exists(${PK})`,
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: { [PK]: keys.player(member.playerId), [SK]: keys.membership(groupId), kind: 'membership', groupId, name },
        },
      },
    ];
  }

  async group(groupId: string): Promise<Group | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.group(groupId), [SK]: keys.groupHead }, ConsistentRead: true }),
    );
    return out.Item ? recordOf<Group>('group', out.Item) : null;
  }

  async joinGroup(groupId: string, member: Omit<Tie, 'since'>, at: string, max: number): Promise<GroupJoin> {
    const g = await this.group(groupId);
    if (!g) throw new Error(`no group ${groupId}`);
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            ...this.memberPuts(groupId, g.name, member, at),
            {
              Update: {
                TableName: this.table,
                Key: { [PK]: keys.group(groupId), [SK]: keys.groupHead },
                UpdateExpression: 'SET members = members + :one',
                ConditionExpression: 'members < :max',
                ExpressionAttributeValues: { ':one': 1, ':max': max },
              },
            },
          ],
        }),
      );
      return 'joined';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'already';
      if (error.CancellationReasons?.[2]?.Code === 'ConditionalCheckFailed') return 'full';
      throw error;
    }
  }

  async leaveGroup(groupId: string, playerId: string): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: { [PK]: keys.group(groupId), [SK]: keys.member(playerId) },
                ConditionExpression: `attribute_exists(${PK})`,
              },
            },
            { Delete: { TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.membership(groupId) } } },
            {
              Update: {
                TableName: this.table,
                Key: { [PK]: keys.group(groupId), [SK]: keys.groupHead },
                UpdateExpression: 'SET members = members - :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof TransactionCanceledException) return false;
      throw error;
    }
  }

  async members(groupId: string): Promise<Tie[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.group(groupId), keys.members));
    return upcastAll('member', items).map(tieOf).sort(byName);
  }

  async groupsOf(playerId: string): Promise<{ groupId: string; name: string }[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.player(playerId), keys.memberships));
    return upcastAll('membership', items)
      .map((i) => ({ groupId: i.groupId, name: i.name }))
      .sort(byName);
  }

  async vacation(playerId: string): Promise<Vacation | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.vacation }, ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const { since, until, year, daysTaken } = upcast('vacation', out.Item);
    return { since, until, year, daysTaken };
  }

  async putVacation(playerId: string, vacation: Vacation): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { [PK]: keys.player(playerId), [SK]: keys.vacation, kind: 'vacation', ...vacation } }),
    );
  }
}
