/** Hidden games (HiddenGameStore): a finished game left out of one player's list, until shown again; the index's own writes do not bring it back. */
import { describe, expect, it } from 'vitest';
import type { StoreKit, SuiteContext } from './kit';

export function hiddenGameStoreContract(kit: () => StoreKit, { id, person, ticTacToe }: SuiteContext): void {
  describe('hidden games', () => {
    it("leave a finished game out of one player's list until it is shown again, whatever the index writes of it", async () => {
      const { hidden, playerGames } = kit().stores;
      const [me, other] = [person('Hider'), person('Kept')];
      const { record } = await ticTacToe(id('g-hidden'), me, other, { finish: true });
      await ticTacToe(id('g-shown'), me, other, { finish: true });
      const listed = async (p: string) => (await playerGames.playerGames(p, { limit: 10 })).games.map((g) => g.gameId).sort();
      expect(await listed(me.playerId)).toEqual([id('g-hidden'), id('g-shown')].sort());
      await hidden.set(me.playerId, 0, record, true);
      expect(await listed(me.playerId)).toEqual([id('g-shown')]);
      expect(await listed(other.playerId)).toEqual([id('g-hidden'), id('g-shown')].sort());
      // The stream's write of the finished version, after the hiding: the game stays hidden.
      await playerGames.indexGame(record);
      expect(await listed(me.playerId)).toEqual([id('g-shown')]);
      await hidden.set(me.playerId, 0, record, true); // twice: the same
      expect(await listed(me.playerId)).toEqual([id('g-shown')]);
      await hidden.set(me.playerId, 0, record, false);
      expect(await listed(me.playerId)).toEqual([id('g-hidden'), id('g-shown')].sort());
      expect((await playerGames.playerGames(me.playerId, { limit: 10 })).games.find((g) => g.gameId === id('g-hidden'))).toMatchObject({
        status: 'finished',
        yourSeat: 0,
      });
    });

    it('hide a finished game the index had not caught up with, as of its finished version', async () => {
      const { hidden, playerGames } = kit().stores;
      const me = person('Early');
      // The index holds the game as open (its later writes were lost); hiding writes it as finished.
      const { record } = await ticTacToe(id('g-early'), me, person('Late'), { finish: true, index: false });
      await playerGames.indexGame({ ...record, status: 'open', version: 1 });
      await hidden.set(me.playerId, 0, record, true);
      expect((await playerGames.playerGames(me.playerId, { limit: 10 })).games).toEqual([]);
      await playerGames.indexGame({ ...record, status: 'active', version: 2 }); // a late write of an older version
      expect((await playerGames.playerGames(me.playerId, { limit: 10 })).games).toEqual([]);
    });
  });
}
