/**
 * A finished game's archive, and how reads fall back on it. Once a game has finished and its
 * grace has passed (core/clock-due.ts, COMPACT_AFTER_MS), the sweep compacts it (compactor.ts):
 * its commit items go into one archive item — gzipped JSON, as snapshots are — written first,
 * each chunk on condition that it is not there yet, beside a snapshot of the final record (a load
 * reads that, 5 KB, not the archive); then every hot commit but the last and every older snapshot
 * are deleted. A finished 4-player Vasco da Gama game goes from 231 items (223 commits, 8
 * snapshots; 206 KB) to 3 (the archive, 14 KB; the final snapshot; the last commit): 21 KB.
 * The last commit stays: it is the game's head, which `myGames` and the quotas read with one
 * small query, and it tells a reader that a record it cached before the end is behind.
 *
 * The largest finished games the bots produce (the default bots in every seat, the most players,
 * ten seeds) gzip their commit items to 13 KB (Vasco da Gama: 223 commits), 17 KB (Navegador:
 * 598), 21 KB (Goa: 531), 1 KB (Connect Four: 43; tic-tac-toe: 10): one item each, far below
 * DynamoDB's 400 KB. A longer game is split into chunks of at most MAX_ARCHIVE_BYTES.
 *
 * Reads need no flag: the hot commits after a version are used while they follow on from it
 * without a gap; a gap (the deletes began, which they do only once the archive is whole) sends
 * the read to the archive. So a compaction that dies half way, or runs twice at once, leaves
 * reads as they were.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Commit } from '../../core/record';
import { upcastAll, type Stored } from './catalog';
import type { ArchiveItem, CommitItem } from './items';
import { keys } from './keys';
import { TABLE } from './table';

/** An archive chunk stays below this many bytes of gzipped commits (items must stay far below DynamoDB's 400 KB). */
export const MAX_ARCHIVE_BYTES = 300 * 1024;

/** The archive items of a finished game's commit items (versions 1 to the last, in order): one, or as few chunks as fit. */
export function archiveItems(commits: readonly CommitItem[], maxBytes = MAX_ARCHIVE_BYTES): ArchiveItem[] {
  const last = commits.at(-1);
  if (!last || commits.some((c, i) => c.version !== i + 1)) throw new Error('an archive holds every commit of a game, from version 1');
  const bare = commits.map(({ pk, sk, kind, ...rest }) => rest);
  const whole = gzip(bare);
  for (let parts = Math.ceil(whole.byteLength / maxBytes); ; parts++) {
    const size = Math.ceil(bare.length / parts);
    const bodies =
      parts === 1 ? [whole] : Array.from({ length: Math.ceil(bare.length / size) }, (_, i) => gzip(bare.slice(i * size, (i + 1) * size)));
    if (bodies.every((b) => b.byteLength <= maxBytes)) {
      return bodies.map((commitsGz, chunk) => ({
        [TABLE.partitionKey]: keys.game(last.gameId),
        [TABLE.sortKey]: keys.archive(chunk),
        kind: 'archive',
        version: last.version,
        chunk,
        chunks: bodies.length,
        commitsGz,
      }));
    }
    if (size === 1) throw new Error(`commit ${last.gameId}#${last.version}: a single commit is too large to archive`);
  }
}

/** The commit items an archive holds, in version order (upcast to their current shape); null when it is not whole (none, or chunks missing). */
export function archivedCommitItems(items: readonly ArchiveItem[]): CommitItem[] | null {
  const chunks = [...items].sort((a, b) => a.chunk - b.chunk);
  const whole = chunks.length > 0 && chunks.length === chunks[0]!.chunks && chunks.every((c, i) => c.chunk === i);
  if (!whole) return null;
  const gameId = chunks[0]!.pk;
  const commits = upcastAll(
    'commit',
    chunks.flatMap((c) => (JSON.parse(gunzipSync(c.commitsGz).toString('utf8')) as Stored[]).map((item) => ({ ...item, kind: 'commit' }))),
  );
  if (commits.some((c, i) => c.version !== i + 1) || commits.length !== chunks[0]!.version) {
    throw new Error(`the archive of ${gameId} does not hold versions 1 to ${chunks[0]!.version}`);
  }
  return commits.map((c) => ({ ...c, pk: keys.game(c.gameId), sk: keys.commit(c.version) }));
}

/**
 * The commits after `version`: the hot ones a store read, when they follow on from it without a
 * gap (a game not compacted, or compacted after that version), else the archive's after it and
 * the hot ones after the archive's.
 */
export async function commitsAfter(
  gameId: string,
  version: number,
  hot: readonly Commit[],
  archived: () => Promise<readonly Commit[]>,
): Promise<Commit[]> {
  if (follows(version, hot)) return [...hot];
  const archive = await archived();
  const end = archive.at(-1)?.version ?? 0;
  const joined = [...archive.filter((c) => c.version > version), ...hot.filter((c) => c.version > end)];
  if (!follows(version, joined)) throw new Error(`the commits of ${gameId} after version ${version} have a gap its archive does not fill`);
  return joined;
}

/** Whether the commits are the versions right after `version`, in order. */
const follows = (version: number, commits: readonly Commit[]) => commits.every((c, i) => c.version === version + 1 + i);

function gzip(value: unknown): Uint8Array {
  return gzipSync(JSON.stringify(value));
}
