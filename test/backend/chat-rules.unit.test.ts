/** The chat's pure rules: the rate count at its edges, the notice's wording and its hour. */
import { describe, expect, it } from 'vitest';
import { chatNotice, countChat, noticeHour } from '../../functions/core/chat';

const limits = { perWindow: 2, windowMs: 10_000, perDay: 3 };
const day = Date.parse('2026-03-02T00:00:00Z');

describe('chat rules', () => {
  it('count messages in a sliding window and per UTC day', () => {
    const first = countChat(null, day + 1000, limits);
    expect(first).toEqual({ ok: true, next: { recent: [day + 1000], day: day / 86_400_000, dayCount: 1 } });
    const second = countChat(first.ok ? first.next : null, day + 2000, limits);
    expect(second.ok).toBe(true);
    const full = second.ok ? second.next : null;
    expect(countChat(full, day + 5000, limits)).toMatchObject({ ok: false, retryAfterMs: 6000 });
    // The oldest leaves the window exactly windowMs after it was sent.
    expect(countChat(full, day + 11_000, limits)).toMatchObject({ ok: true, next: { recent: [day + 2000, day + 11_000], dayCount: 3 } });
    const third = countChat(full, day + 11_000, limits);
    const spent = third.ok ? third.next : null;
    expect(countChat(spent, day + 60_000, limits)).toMatchObject({
      ok: false,
      why: expect.stringMatching(/3 chat messages in this game today/),
      retryAfterMs: 86_400_000 - 60_000,
    });
    expect(countChat(spent, day + 86_400_000, limits)).toMatchObject({ ok: true, next: { dayCount: 1 } });
  });

  it('word a notice with the message quoted and cut, versioned by its clock hour', () => {
    const n = chatNotice(
      { gameId: 'g1', game: 'vasco-da-gama', name: 'Ana', text: 'x'.repeat(200) },
      'p2',
      noticeHour(new Date('2026-03-02T10:59:59Z')),
      'http://h/#/game/g1',
    );
    expect(n).toMatchObject({
      kind: 'chat',
      playerId: 'p2',
      urgent: false,
      title: 'Ana wrote in your game of Vasco da Gama',
      version: noticeHour(new Date('2026-03-02T10:00:00Z')),
    });
    expect(n.body).toBe(`Ana: “${'x'.repeat(139)}…”`);
    expect(noticeHour(new Date('2026-03-02T11:00:00Z'))).toBe(n.version + 1);
  });
});
