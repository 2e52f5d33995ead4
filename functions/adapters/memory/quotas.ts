/** Game quotas in memory, counted as on the table; the open games are checked against the games' heads in the event store. */
import type { QuotaStore } from '../../stores/quotas';
import { countedFor, countedQuota, type GameQuota } from '../common/game-quota';
import type { MemoryEventStore } from './games';

export class MemoryQuotaStore implements QuotaStore {
  /** playerId → their quotas */
  private readonly quotas = new Map<string, GameQuota>();

  constructor(private readonly games: MemoryEventStore) {}

  async countNewGame(playerId: string, gameId: string, open: boolean, now: Date, createId?: string): Promise<string> {
    const counted = this.quotas.get(playerId);
    const earlier = countedFor(counted ?? {}, createId);
    if (earlier !== undefined) return earlier;
    const quota = await countedQuota(
      counted ?? {},
      gameId,
      open,
      now,
      async (ids) => ids.filter((id) => this.games.head(id)?.status === 'open'),
      createId,
    );
    // Another creation was counted meanwhile (each count stores a new object): count again from it, as the table's condition makes it.
    if (this.quotas.get(playerId) !== counted) return this.countNewGame(playerId, gameId, open, now, createId);
    this.quotas.set(playerId, quota);
    return gameId;
  }
}
