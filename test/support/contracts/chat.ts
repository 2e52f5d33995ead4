/** Chat (ChatStore): ids from each game's counter, messages once under their ids, paged back oldest first; writers' limits; mutes read from the players' settings. */
import { describe, expect, it } from 'vitest';
import type { StoredChatMessage } from '../../../functions/stores/chat';
import { rejectsWith, withLimits, type StoreKit, type SuiteContext } from './kit';

export function chatStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  const message = (gameId: string, msgId: number, text = `message ${msgId}`): StoredChatMessage => ({
    id: msgId,
    gameId,
    game: 'tic-tac-toe',
    playerId: id('chat-ana'),
    seat: 0,
    name: 'Ana',
    text,
    at: `2026-01-01T10:00:${String(msgId % 60).padStart(2, '0')}.000Z`,
    readers: [id('chat-ana'), id('chat-bo')],
  });
  const t = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, seconds));

  describe('chat', () => {
    it('hand out ids 1, 2, 3… per game, each once, also when asked at the same moment', async () => {
      const chat = kit().stores.chat;
      expect(await chat.nextId(id('g-chat-a'))).toBe(1);
      expect(await chat.nextId(id('g-chat-a'))).toBe(2);
      expect(await chat.nextId(id('g-chat-b'))).toBe(1);
      const ids = await Promise.all([1, 2, 3, 4].map(() => chat.nextId(id('g-chat-a'))));
      expect(ids.sort()).toEqual([3, 4, 5, 6]);
    });

    it('page back through a game: the newest first page, oldest first within it, then the pages before it', async () => {
      const chat = kit().stores.chat;
      const g = id('g-chat-page');
      for (let i = 1; i <= 7; i++) await chat.put(message(g, i));
      await chat.put(message(id('g-chat-other'), 1));
      const last = await chat.page(g, undefined, 3);
      expect(last).toEqual({ messages: [5, 6, 7].map((i) => message(g, i)), next: 5 });
      const middle = await chat.page(g, last.next!, 3);
      expect(middle.messages.map((m) => m.id)).toEqual([2, 3, 4]);
      expect(middle.next).toBe(2);
      expect(await chat.page(g, middle.next!, 3)).toEqual({ messages: [message(g, 1)], next: null });
      expect(await chat.page(g, undefined, 7)).toEqual({ messages: [1, 2, 3, 4, 5, 6, 7].map((i) => message(g, i)), next: null });
      expect(await chat.page(id('g-chat-none'), undefined, 3)).toEqual({ messages: [], next: null });
    });

    it('store a message under its id once', async () => {
      const chat = kit().stores.chat;
      const g = id('g-chat-once');
      await chat.put(message(g, 1, 'first'));
      await expect(chat.put(message(g, 1, 'second'))).rejects.toThrow();
      expect((await chat.page(g, undefined, 5)).messages.map((m) => m.text)).toEqual(['first']);
    });

    it('count each writer in each game against the window and the day, refusing beyond with the wait', async () => {
      const chat = kit().stores.chat;
      const [g, other] = [id('g-chat-rate'), id('g-chat-rate-2')];
      await withLimits({ CHAT_MESSAGES_PER_WINDOW: 2, CHAT_WINDOW_SECONDS: 10, CHAT_MESSAGES_PER_DAY: 3 }, async () => {
        await chat.count(g, id('chat-ana'), t(0));
        await chat.count(g, id('chat-ana'), t(1));
        const refused = await rejectsWith(chat.count(g, id('chat-ana'), t(2)), 'RATE_LIMITED');
        expect(refused.retryAfterMs).toBe(8000);
        // Another writer, another game: counted apart.
        await chat.count(g, id('chat-bo'), t(2));
        await chat.count(other, id('chat-ana'), t(2));
        // Once the window has passed: the third of the day, then the day is full.
        await chat.count(g, id('chat-ana'), t(11));
        await rejectsWith(chat.count(g, id('chat-ana'), t(30)), 'RATE_LIMITED');
      });
    });

    it('count messages sent at the same moment each once', async () => {
      const chat = kit().stores.chat;
      await withLimits({ CHAT_MESSAGES_PER_WINDOW: 3 }, async () => {
        const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => chat.count(id('g-chat-burst'), id('chat-ana'), t(0))));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      });
    });

    it('count a message whose sender read the time before another sender did (their counts arrive out of order)', async () => {
      const chat = kit().stores.chat;
      await withLimits({ CHAT_MESSAGES_PER_WINDOW: 3, CHAT_WINDOW_SECONDS: 10 }, async () => {
        // Instances' clocks differ, and a retry after a lost race keeps the time it read first.
        for (const at of [3, 2, 1]) await chat.count(id('g-chat-order'), id('chat-ana'), t(at));
        await rejectsWith(chat.count(id('g-chat-order'), id('chat-ana'), t(0)), 'RATE_LIMITED');
        // Sent at once with different times: as many as the window allows, never more.
        const results = await Promise.allSettled([9, 8, 7, 6, 5, 4].map((at) => chat.count(id('g-chat-spread'), id('chat-ana'), t(at))));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      });
    });

    it("tell who muted a writer from the players' settings, never the writer, and who signed up", async () => {
      const { chat, players } = kit().stores;
      const [ana, bo, cy, dee] = ['chat-ana', 'chat-bo', 'chat-cy', 'chat-dee'].map(id);
      await players.updateSettings(bo!, (r) => ({ ...r, muted: [ana!] }));
      await players.updateSettings(ana!, (r) => ({ ...r, muted: [ana!] })); // never the writer themselves
      await players.updateSettings(cy!, (r) => ({ ...r, muted: [dee!] }));
      expect([...(await chat.mutersOf([ana!, bo!, bo!, cy!, dee!], ana!))]).toEqual([bo]);
      expect(await chat.playerExists(dee!)).toBe(false);
      await players.putPlayer(dee!, dee!);
      expect(await chat.playerExists(dee!)).toBe(true);
    });
  });
}
