/**
 * What a simulated run says about the table: the partition keys closest to DynamoDB's per-key
 * limits at their busiest second, and what was billed and refused. Keys are shown whole and by
 * kind (what comes before their first `#`: GAME, PLAYER, LOBBY…), so a hot singleton key stands
 * out from a busy but spread kind.
 */
import { keys } from '../../functions/adapters/store/keys';
import { RATE_CHECK_AFTER_MS } from '../../functions/core/clock-due';
import { LIMITS, type TableModel } from './dynamo/table';

export interface HotKey {
  key: string;
  kind: string;
  peakWriteUnits: number;
  peakReadUnits: number;
  /** The larger of the two peaks as a share of its limit (1 = at the limit). */
  shareOfLimit: number;
}

export function hottestKeys(table: TableModel, count = 10): HotKey[] {
  return [...table.peaks.entries()]
    .map(([key, peak]) => ({
      key,
      kind: key.split('#')[0]!,
      peakWriteUnits: round(peak.write),
      peakReadUnits: round(peak.read),
      shareOfLimit: round(Math.max(peak.write / LIMITS.writeUnitsPerSecond, peak.read / LIMITS.readUnitsPerSecond), 4),
    }))
    .sort((a, b) => b.shareOfLimit - a.shareOfLimit || a.key.localeCompare(b.key))
    .slice(0, count);
}

/**
 * Every game's commits are versions 1, 2, 3… with none missing and none twice (a commit is one
 * item per version: a gap is a lost version; a second writer of a version is refused by the
 * store's condition, so a duplicate would show as a second stream INSERT of one key, which the
 * caller counts as the stream goes by). A compacted game's commits 1 to its archive's version
 * are in its archive (functions/adapters/store/archive.ts), its hot ones but the last gone.
 */
export function versionIntegrity(
  table: TableModel,
  duplicateInserts: number,
): { games: number; versions: number; gaps: number; duplicateInserts: number } {
  let games = 0;
  let versions = 0;
  let gaps = 0;
  for (const pk of table.partitionKeys()) {
    if (!pk.startsWith('GAME#')) continue;
    const hot = table
      .sortKeys(pk)
      .filter((sk) => sk.startsWith('V#'))
      .map((sk) => Number(sk.slice(2)));
    const archived = Number(table.get(pk, keys.archive(0))?.version ?? 0);
    if (!hot.length && !archived) continue;
    const stored = new Set([...Array.from({ length: archived }, (_, i) => i + 1), ...hot]);
    games++;
    versions += stored.size;
    gaps += Math.max(archived, ...hot) - stored.size;
  }
  return { games, versions, gaps, duplicateInserts };
}

/** Each kind of key's hottest share of its limit (GAME: the busiest game's; LOBBY: the lobby's). */
export function hottestByKind(table: TableModel): Record<string, number> {
  const by: Record<string, number> = {};
  for (const h of hottestKeys(table, Number.POSITIVE_INFINITY)) by[h.kind] = Math.max(by[h.kind] ?? 0, h.shareOfLimit);
  return by;
}

/** What was written to a key in its busiest second: items by kind (what made it hot). */
export function burstOf(table: TableModel, key: string): { at: string; writes: Record<string, number> } | null {
  const second = table.peaks.get(key)?.writeSecond;
  if (second === undefined) return null;
  return { at: new Date(second).toISOString(), writes: table.peakWrites.get(key) ?? {} };
}

export function tableReport(table: TableModel, duplicateInserts: number) {
  return {
    items: table.itemCount,
    requests: table.usage.requests,
    writeUnits: round(table.usage.writeUnits),
    readUnits: round(table.usage.readUnits),
    /** Read and write units by kind of key, most read first, and by the function that used them. */
    unitsByKind: Object.fromEntries(
      [...table.usageByKind]
        .sort(([, a], [, b]) => b.readUnits - a.readUnits)
        .map(([kind, u]) => [
          kind,
          {
            readUnits: round(u.readUnits),
            writeUnits: round(u.writeUnits),
            by: Object.fromEntries(
              Object.entries(u.by).map(([who, w]) => [who, { readUnits: round(w.readUnits), writeUnits: round(w.writeUnits) }]),
            ),
          },
        ]),
    ),
    throttledRequests: table.usage.throttled,
    conditionalFailures: table.usage.conditionalFailures,
    streamRecords: table.changes,
    versions: versionIntegrity(table, duplicateInserts),
    hottestKeys: hottestKeys(table),
    hottestByKind: hottestByKind(table),
    hottestBurst: (() => {
      const top = hottestKeys(table, 1)[0];
      return top ? { key: top.key, ...burstOf(table, top.key) } : null;
    })(),
  };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Whether a finished game found unrated when the run stopped had its rating lost: the sweep's look
 * at it — RATE_CHECK_AFTER_MS after its end, at the sweep's next run (a minute apart), which asks
 * the ratings part to rate it within seconds — came before the sweep's last run, `lastSweep`, with
 * a minute to spare. A game whose look was still to come is not lost, only not due yet.
 */
export function ratingWasDue(endedAt: number, lastSweep: number): boolean {
  return endedAt < lastSweep - RATE_CHECK_AFTER_MS - 2 * 60_000;
}
