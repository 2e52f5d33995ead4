/**
 * A finished game's archive (functions/adapters/store/archive.ts): one item, or chunks when one
 * would be too large, read back whole or not at all, its commit items in their current shape;
 * and reads that use the hot commits while they follow on without a gap, the archive otherwise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { archivedCommitItems, archiveItems, commitsAfter, MAX_ARCHIVE_BYTES } from '../../functions/adapters/store/archive';
import { upcast } from '../../functions/adapters/store/catalog';
import { commitFromItem, commitItem } from '../../functions/adapters/store/event-store';
import type { CommitItem } from '../../functions/adapters/store/items';
import { keys } from '../../functions/adapters/store/keys';
import { REDRIVE_AFTER_MS } from '../../functions/core/clock-due';
import { botGame } from '../support/bot-game';

const items = (gameId: string, game = 'vasco-da-gama', seed = 4): CommitItem[] =>
  botGame(game, gameId, seed).map(({ commit, after, before }) => commitItem(commit, after, before, REDRIVE_AFTER_MS));

describe("a finished game's archive", () => {
  const game = items('g-archive');

  it('is one item far below the limit for a finished 4-player Vasco da Gama game, and reads back as the commit items', () => {
    const archive = archiveItems(game);
    expect(archive).toHaveLength(1);
    expect(archive[0]).toMatchObject({
      pk: keys.game('g-archive'),
      sk: keys.archive(0),
      kind: 'archive',
      version: game.length,
      chunk: 0,
      chunks: 1,
    });
    expect(archive[0]!.commitsGz.byteLength).toBeLessThan(MAX_ARCHIVE_BYTES / 10);
    expect(archivedCommitItems(archive)).toEqual(game);
  });

  it('is split into chunks of at most the size given, read back whole in any order, and not at all with one missing', () => {
    const whole = archiveItems(game)[0]!.commitsGz.byteLength;
    const chunks = archiveItems(game, Math.ceil(whole / 3));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.map((c) => [c.sk, c.chunk, c.chunks])).toEqual(chunks.map((_, i) => [keys.archive(i), i, chunks.length]));
    for (const c of chunks) expect(c.commitsGz.byteLength).toBeLessThanOrEqual(Math.ceil(whole / 3));
    expect(archivedCommitItems([...chunks].reverse())).toEqual(game);
    expect(archivedCommitItems(chunks.slice(1))).toBeNull();
    expect(archivedCommitItems([])).toBeNull();
  });

  it('holds every commit from version 1, or refuses', () => {
    expect(() => archiveItems(game.slice(1))).toThrow(/every commit of a game, from version 1/);
    expect(() => archiveItems([])).toThrow(/every commit/);
    expect(() => archiveItems(game.slice(0, 3), 10)).toThrow(/too large to archive/);
  });

  it('reads the commit items it holds in their current shape, as the catalogue reads a commit', () => {
    // A commit of the first shape (its seats as ids, no head before it) inside an archive.
    const fixture = JSON.parse(readFileSync(new URL('../fixtures/items/commit.json', import.meta.url), 'utf8')) as {
      shapes: { version: number; stored: Record<string, unknown>; current?: Record<string, unknown> }[];
    };
    const first = fixture.shapes.find((s) => s.version === 1)!;
    const archive = archiveItems([{ ...(first.stored as unknown as CommitItem), version: 1 }]);
    const [read] = archivedCommitItems(archive)!;
    const { pk, sk, ...current } = upcast('commit', { ...first.stored, version: 1 });
    expect(read).toMatchObject(current);
    expect(read).not.toHaveProperty('playerIds');
    expect(read!.seats.map((s) => s?.playerId ?? null)).toEqual(first.stored.playerIds);
  });
});

describe('commits after a version', () => {
  const game = items('g-after', 'tic-tac-toe', 2).map(commitFromItem);
  const last = game.length;
  const archived = async () => game;

  it('are the hot ones while they follow on without a gap, and the archive is not read', async () => {
    const never = async () => {
      throw new Error('the archive was read');
    };
    expect(await commitsAfter('g', 0, game, never)).toEqual(game);
    expect(await commitsAfter('g', 3, game.slice(3), never)).toEqual(game.slice(3));
    expect(await commitsAfter('g', last, [], never)).toEqual([]);
  });

  it("are the archive's where the hot ones have a gap: compacted, or a compaction half way through its deletes", async () => {
    expect(await commitsAfter('g', 0, [game.at(-1)!], archived)).toEqual(game);
    expect(await commitsAfter('g', 2, [game[4]!, game.at(-1)!], archived)).toEqual(game.slice(2));
    expect(await commitsAfter('g', last - 1, [game.at(-1)!], archived)).toEqual([game.at(-1)]);
  });

  it('fail when the archive does not fill the gap', async () => {
    await expect(commitsAfter('g', 0, [game.at(-1)!], async () => [])).rejects.toThrow(/a gap its archive does not fill/);
    await expect(commitsAfter('g', 0, [game.at(-1)!], async () => game.slice(0, 3))).rejects.toThrow(/a gap/);
  });
});
