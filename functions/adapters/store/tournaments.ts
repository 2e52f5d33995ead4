/**
 * Tournaments in the table: one partition per tournament (keys.ts) with small items — its item,
 * one per entrant, one per round, one per table's result — so that the busiest moment of a
 * thousand-player tournament (a round's deadline ending hundreds of games at once) writes
 * hundreds of one-unit items, not one large item hundreds of times. An entry is one
 * transaction: the entrant, the count on the tournament's item (conditional on entry being open
 * and below the cap) and the player's own record of it. Rounds and results are put only where
 * none is: the first writer wins, a second one reads what the first stored.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableResult } from '../../core/tournament/format';
import type {
  EntryResult,
  Tournament,
  TournamentEntrant,
  TournamentLedger,
  TournamentPage,
  TournamentRound,
  TournamentStore,
} from '../../stores/tournaments';
import { byEntry } from '../memory/tournaments';
import { upcast, upcastAll } from './catalog';
import { failedCondition, putNew, recordOf } from './records';
import { keys } from './keys';
import { prefixed, queryAll } from './query';
import { decodeLedger, encodeLedger } from './tournament-ledger';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoTournamentStore implements TournamentStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  private head(tournamentId: string) {
    return { [PK]: keys.tournament(tournamentId), [SK]: keys.tournamentHead };
  }

  private listing(t: Tournament) {
    return { [PK]: keys.tournaments, [SK]: keys.tournamentListing(t.createdAt, t.tournamentId), kind: 'tournamentListing', ...t };
  }

  async create(tournament: Tournament): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: { ...this.head(tournament.tournamentId), kind: 'tournament', ...tournament },
              ConditionExpression: `attribute_not_exists(${PK})`,
            },
          },
          { Put: { TableName: this.table, Item: this.listing(tournament) } },
        ],
      }),
    );
  }

  async get(tournamentId: string): Promise<Tournament | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: this.head(tournamentId), ConsistentRead: true }));
    return out.Item ? recordOf<Tournament>('tournament', out.Item) : null;
  }

  async update(next: Tournament): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...this.head(next.tournamentId), kind: 'tournament', ...next },
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeValues: { ':rev': next.rev - 1 },
        }),
      );
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
    // The directory's copy: a copy written late is overwritten by the next change's.
    await this.db.send(new PutCommand({ TableName: this.table, Item: this.listing(next) }));
    return true;
  }

  async enter(tournamentId: string, entrant: TournamentEntrant): Promise<EntryResult> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { [PK]: keys.tournament(tournamentId), [SK]: keys.entrant(entrant), kind: 'entrant', ...entrant },
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: this.head(tournamentId),
                UpdateExpression: 'SET entrants = entrants + :one, rev = rev + :one',
                ConditionExpression: '#status = :entry AND entrants < cap',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':one': 1, ':entry': 'entry' },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  [PK]: keys.player(entrant.playerId),
                  [SK]: keys.playerTournament(tournamentId),
                  kind: 'playerTournament',
                  tournamentId,
                  at: entrant.at,
                  ...(entrant.order === undefined ? {} : { order: entrant.order }),
                },
                // The player's own record says whether they entered: the entrant's key is by entry time.
                ConditionExpression: `attribute_not_exists(${PK})`,
              },
            },
          ],
        }),
      );
      return 'entered';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [, head, own] = error.CancellationReasons ?? [];
      if (own?.Code === 'ConditionalCheckFailed') return 'already';
      if (head?.Code !== 'ConditionalCheckFailed') throw error;
      const t = await this.get(tournamentId);
      return t && t.status === 'entry' ? 'full' : 'closed';
    }
  }

  /** The player's record of an entry: when (and in which order) they entered, which makes their entrant's key. */
  private async ownRecord(tournamentId: string, playerId: string): Promise<{ at: string; order?: number } | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.playerTournament(tournamentId) },
        ConsistentRead: true,
      }),
    );
    return out.Item ? upcast('playerTournament', out.Item) : null;
  }

  async leave(tournamentId: string, playerId: string): Promise<boolean> {
    const own = await this.ownRecord(tournamentId, playerId);
    if (!own) return false;
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: { [PK]: keys.tournament(tournamentId), [SK]: keys.entrant({ ...own, playerId }) },
                ConditionExpression: `attribute_exists(${PK})`,
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: this.head(tournamentId),
                UpdateExpression: 'SET entrants = entrants - :one, rev = rev + :one',
                ConditionExpression: '#status = :entry',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':one': 1, ':entry': 'entry' },
              },
            },
            { Delete: { TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.playerTournament(tournamentId) } } },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof TransactionCanceledException) return false;
      throw error;
    }
  }

  async entrants(tournamentId: string): Promise<TournamentEntrant[]> {
    const items = await queryAll(this.db, { ...prefixed(this.table, keys.tournament(tournamentId), keys.entrants), ConsistentRead: true });
    return items.map((item) => recordOf<TournamentEntrant>('entrant', item)).sort(byEntry);
  }

  async firstEntrants(tournamentId: string, limit: number): Promise<TournamentEntrant[]> {
    const out = await this.db.send(
      new QueryCommand({ ...prefixed(this.table, keys.tournament(tournamentId), keys.entrants), Limit: limit, ConsistentRead: false }),
    );
    return (out.Items ?? []).map((item) => recordOf<TournamentEntrant>('entrant', item));
  }

  async entry(tournamentId: string, playerId: string): Promise<TournamentEntrant | null> {
    const own = await this.ownRecord(tournamentId, playerId);
    if (!own) return null;
    const Key = { [PK]: keys.tournament(tournamentId), [SK]: keys.entrant({ ...own, playerId }) };
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: true }));
    return out.Item ? recordOf<TournamentEntrant>('entrant', out.Item) : null;
  }

  async putRound(tournamentId: string, round: TournamentRound): Promise<TournamentRound> {
    const item = { [PK]: keys.tournament(tournamentId), [SK]: keys.tournamentRound(round.round), kind: 'tournamentRound', ...round };
    return (await putNew(this.db, this.table, item)) ? round : (await this.round(tournamentId, round.round))!;
  }

  async round(tournamentId: string, round: number, read = { latest: true }): Promise<TournamentRound | null> {
    const Key = { [PK]: keys.tournament(tournamentId), [SK]: keys.tournamentRound(round) };
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: read.latest }));
    return out.Item ? recordOf<TournamentRound>('tournamentRound', out.Item) : null;
  }

  async rounds(tournamentId: string): Promise<TournamentRound[]> {
    const items = await queryAll(this.db, {
      ...prefixed(this.table, keys.tournament(tournamentId), keys.tournamentRounds),
      ConsistentRead: true,
    });
    return items.map((item) => recordOf<TournamentRound>('tournamentRound', item));
  }

  putResult(tournamentId: string, round: number, result: TableResult): Promise<boolean> {
    return putNew(this.db, this.table, {
      [PK]: keys.tournament(tournamentId),
      [SK]: keys.tableResult(round, result.table),
      kind: 'tableResult',
      round,
      ...result,
    });
  }

  async results(tournamentId: string, round?: number, read = { latest: true }): Promise<{ round: number; result: TableResult }[]> {
    const prefix = round === undefined ? keys.tableResults : keys.roundResults(round);
    const items = await queryAll(this.db, {
      ...prefixed(this.table, keys.tournament(tournamentId), prefix),
      ConsistentRead: read.latest,
    });
    return items.map((item) => {
      const { round, ...result } = recordOf<TableResult & { round: number }>('tableResult', item);
      return { round, result };
    });
  }

  async putLedger(tournamentId: string, ledger: TournamentLedger): Promise<TournamentLedger> {
    const item = {
      [PK]: keys.tournament(tournamentId),
      [SK]: keys.tournamentLedger(ledger.round),
      kind: 'tournamentLedger',
      ...encodeLedger(ledger),
    };
    return (await putNew(this.db, this.table, item)) ? ledger : (await this.ledger(tournamentId, ledger.round))!;
  }

  async ledger(tournamentId: string, round: number, read = { latest: true }): Promise<TournamentLedger | null> {
    const Key = { [PK]: keys.tournament(tournamentId), [SK]: keys.tournamentLedger(round) };
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: read.latest }));
    return out.Item ? decodeLedger(upcast('tournamentLedger', out.Item)) : null;
  }

  async list(page: { limit: number; cursor?: string }): Promise<TournamentPage> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: page.cursor ? `${PK} = :pk AND ${SK} < :cursor` : `${PK} = :pk`,
        ExpressionAttributeValues: { ':pk': keys.tournaments, ...(page.cursor ? { ':cursor': page.cursor } : {}) },
        ScanIndexForward: false,
        Limit: page.limit,
      }),
    );
    const tournaments = (out.Items ?? []).map((item) => recordOf<Tournament>('tournamentListing', item));
    const last = out.LastEvaluatedKey?.[SK];
    return { tournaments, next: typeof last === 'string' ? last : null };
  }

  async ofPlayer(playerId: string): Promise<string[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.player(playerId), keys.playerTournaments));
    return upcastAll('playerTournament', items)
      .sort((a, b) => (a.at < b.at ? 1 : -1))
      .map((item) => item.tournamentId);
  }
}
