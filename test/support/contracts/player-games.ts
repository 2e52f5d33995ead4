/** The players' index of games (PlayerGameStore): conditioned by version, paged in its order with cursors of its own, corrected from the games' heads. */
import { describe, expect, it } from 'vitest';
import { isBotPlayer } from '../../../functions/core/bot-ids';
import { planCreate, planJoin } from '../../../functions/core/plans';
import { indexedSeats } from '../../../functions/stores/player-games';
import { applyCommit } from '../../../functions/core/record';
import { GAMES_PAGE_BYTES } from '../../../functions/adapters/common/games-page';
import { at, rejectsWith, type StoreKit, type SuiteContext } from './kit';

export function playerGameStoreContract(kit: () => StoreKit, { id, person, ticTacToe, write }: SuiteContext): void {
  describe("the players' index of games", () => {
    it('index a game under each seated player once, and a late write of an older version changes nothing', async () => {
      const records = kit().stores.playerGames;
      const [x, o] = [person('Xavi'), person('Olga')];
      const { records: versions } = await ticTacToe(id('g-z-indexed'), x, o);
      // An open game of Xavi's, whose id sorts first: a page of one shows it only if the game in play were indexed as open.
      await ticTacToe(id('g-a-indexed'), x);
      // Version 2 again, then a late write of version 1 (the stream's, after the request's of version 2).
      await records.indexGame(versions[1]!);
      await records.indexGame(versions[0]!);
      expect((await records.playerGames(x.playerId, { limit: 1 })).games.map((g) => g.gameId)).toEqual([id('g-z-indexed')]);
      for (const [p, seat] of [
        [x, 0],
        [o, 1],
      ] as const) {
        const { games } = await records.playerGames(p.playerId, { limit: 10 });
        expect(games.filter((g) => g.gameId === id('g-z-indexed'))).toEqual([
          expect.objectContaining({ gameId: id('g-z-indexed'), status: 'active', yourSeat: seat, yourTurn: seat === 0, version: 2 }),
        ]);
      }
    });

    it("index a game under its people only: a bot's seat writes nothing into the bot's partition", async () => {
      const records = kit().stores.playerGames;
      const ana = person('Botless');
      const record = await write(
        null,
        planCreate({
          gameId: id('g-with-bot'),
          game: 'tic-tac-toe',
          players: 2,
          options: {},
          player: ana,
          bots: [1],
          bot: 'random',
          seed: 1,
          at,
        }),
      );
      expect(record.status).toBe('active');
      expect(indexedSeats(record)).toEqual([{ playerId: ana.playerId, seat: 0 }]);
      expect((await records.playerGames(ana.playerId, { limit: 10 })).games.map((g) => g.gameId)).toEqual([id('g-with-bot')]);
      const bot = record.seats[1]!.playerId;
      expect(isBotPlayer(bot)).toBe(true);
      expect((await records.playerGames(bot, { limit: 10 })).games).toEqual([]);
    });

    it("page a player's games: in play first, then open, then finished, each once, your turn first on a page", async () => {
      const records = kit().stores.playerGames;
      const [me, other] = [person('Pager'), person('Other')];
      const games: Record<string, string[]> = { active: [], open: [], finished: [] };
      for (let i = 0; i < 3; i++) {
        games.open!.push(id(`g-open-${i}`));
        await ticTacToe(id(`g-open-${i}`), me);
        games.active!.push(id(`g-active-${i}`));
        await ticTacToe(id(`g-active-${i}`), i === 1 ? other : me, i === 1 ? me : other);
        games.finished!.push(id(`g-done-${i}`));
        await ticTacToe(id(`g-done-${i}`), me, other, { finish: true });
      }
      const seen: { gameId: string; status: string; yourTurn: boolean }[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const out = await records.playerGames(me.playerId, { limit: 2, cursor });
        expect(out.games.length).toBeLessThanOrEqual(2);
        seen.push(...out.games);
        if (!out.next) break;
        cursor = out.next;
      }
      expect(seen.map((g) => g.gameId).sort()).toEqual([...games.active!, ...games.open!, ...games.finished!].sort());
      const parts = seen.map((g) => g.status);
      expect(parts).toEqual(
        [...parts].sort((a, b) => ['active', 'open', 'finished'].indexOf(a) - ['active', 'open', 'finished'].indexOf(b)),
      );
      // One page holding them all: the games where it is my turn first.
      const all = await records.playerGames(me.playerId, { limit: 20 });
      expect(all.next).toBeNull();
      expect(
        all.games
          .filter((g) => g.yourTurn)
          .map((g) => g.gameId)
          .sort(),
      ).toEqual([id('g-active-0'), id('g-active-2')].sort());
      expect(all.games.slice(0, 2).every((g) => g.yourTurn)).toBe(true);
      await rejectsWith(records.playerGames(me.playerId, { limit: 2, cursor: 'nonsense' }), 'BAD_REQUEST');
      const theirs = await records.playerGames(other.playerId, { limit: 1 });
      await rejectsWith(records.playerGames(me.playerId, { limit: 2, cursor: theirs.next! }), 'BAD_REQUEST');
    });

    it('list a game once, in the part of its latest status indexed, whatever order its statuses were written in', async () => {
      const records = kit().stores.playerGames;
      const [me, other] = [person('Mover'), person('Moved')];
      const done = await ticTacToe(id('g-moved-done'), me, other, { finish: true, index: false });
      const playing = await ticTacToe(id('g-moved-playing'), me, other, { index: false });
      // The finished version first, then late writes of the open and in-play ones; the other game in order.
      for (const r of [done.record, done.records[0]!, done.records[1]!, ...playing.records]) await records.indexGame(r);
      const listed = async (limit: number) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await records.playerGames(me.playerId, { limit, cursor });
          seen.push(...page.games.map((g) => `${g.status} ${g.gameId}`));
          cursor = page.next ?? undefined;
        } while (cursor);
        return seen;
      };
      const expected = [`active ${id('g-moved-playing')}`, `finished ${id('g-moved-done')}`];
      expect(await listed(10)).toEqual(expected);
      expect(await listed(1)).toEqual(expected);
      expect((await records.playerGames(other.playerId, { limit: 10 })).games.map((g) => g.status)).toEqual(['active', 'finished']);
    });

    it('page one part of the index alone: every game in play, over pages, and none of the others', async () => {
      const records = kit().stores.playerGames;
      const [me, other] = [person('Part'), person('PartOther')];
      const playing: string[] = [];
      for (let i = 0; i < 3; i++) {
        await ticTacToe(id(`g-part-open-${i}`), me);
        await ticTacToe(id(`g-part-done-${i}`), me, other, { finish: true });
        playing.push(id(`g-part-active-${i}`));
        await ticTacToe(id(`g-part-active-${i}`), me, other);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const out = await records.playerGames(me.playerId, { limit: 2, cursor, part: 'active' });
        expect(out.games.every((g) => g.status === 'active')).toBe(true);
        seen.push(...out.games.map((g) => g.gameId));
        if (!out.next) break;
        cursor = out.next;
      }
      expect(seen.sort()).toEqual(playing.sort());
      expect((await records.playerGames(me.playerId, { limit: 10, part: 'finished' })).games.map((g) => g.status)).toEqual(
        Array(3).fill('finished'),
      );
    });

    it("correct an index item's status from the game's latest commit once it is read", async () => {
      const records = kit().stores.playerGames;
      const [me, other] = [person('Stale'), person('Joiner')];
      // Game a: indexed as open, then joined with no index write (a lost write); game b: indexed in play.
      const a = await ticTacToe(id('g-a-stale'), me);
      const joined = applyCommit(a.record, planJoin(a.record, other, 1, 1, at)!);
      expect(await kit().stores.games.append({ ...planJoin(a.record, other, 1, 1, at)! }, joined, a.record)).toBe(true);
      await ticTacToe(id('g-b-stale'), me, other);
      const first = await records.playerGames(me.playerId, { limit: 10 });
      expect(first.games.map((g) => [g.gameId, g.status]).sort()).toEqual([
        [id('g-a-stale'), 'active'],
        [id('g-b-stale'), 'active'],
      ]);
      // Now game a is indexed in play, where it sorts first.
      const one = await records.playerGames(me.playerId, { limit: 1 });
      expect(one.games.map((g) => g.gameId)).toEqual([id('g-a-stale')]);
    });

    it('have no games, and no next page, for a player who never played', async () => {
      expect(await kit().stores.playerGames.playerGames(id('nobody'), { limit: 10 })).toEqual({ games: [], next: null });
    });

    it('follow a cursor to the same pages again, and refuse one edited or made for another player', async () => {
      const records = kit().stores.playerGames;
      const me = person('Again');
      for (let i = 0; i < 5; i++) await ticTacToe(id(`g-again-${i}`), me);
      const first = await records.playerGames(me.playerId, { limit: 2 });
      expect(first.next).not.toBeNull();
      const second = await records.playerGames(me.playerId, { limit: 2, cursor: first.next! });
      // A cursor is valid across calls: the same page again, and the last page has no next.
      expect(await records.playerGames(me.playerId, { limit: 2, cursor: first.next! })).toEqual(second);
      const third = await records.playerGames(me.playerId, { limit: 2, cursor: second.next! });
      expect(third.next).toBeNull();
      expect([...first.games, ...second.games, ...third.games].map((g) => g.gameId).sort()).toEqual(
        [0, 1, 2, 3, 4].map((i) => id(`g-again-${i}`)).sort(),
      );
      const edited = Buffer.from(JSON.stringify(['open', id('g-again-0'), 'AAAAAAAAAAAAAAAA'])).toString('base64url');
      await rejectsWith(records.playerGames(me.playerId, { limit: 2, cursor: edited }), 'BAD_REQUEST');
      await rejectsWith(records.playerGames(person('Thief').playerId, { limit: 2, cursor: first.next! }), 'BAD_REQUEST');
    });

    it(`keep a page below ${GAMES_PAGE_BYTES / 1024} KB, the rest on the next pages`, async () => {
      const records = kit().stores.playerGames;
      // Names of 60 KB: one game per page.
      const big = { ...person('Big'), name: 'B'.repeat(60 * 1024) };
      for (let i = 0; i < 3; i++) await ticTacToe(id(`g-big-${i}`), big);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const out = await records.playerGames(big.playerId, { limit: 10, cursor });
        expect(out.games).toHaveLength(1);
        seen.push(out.games[0]!.gameId);
        if (!out.next) break;
        cursor = out.next;
      }
      expect(seen.sort()).toEqual([0, 1, 2].map((i) => id(`g-big-${i}`)).sort());
    });
  });
}
