/**
 * What a simulated run says about the table: the partition keys closest to DynamoDB's per-key
 * limits at their busiest second, and what was billed and refused. Keys are shown whole and by
 * kind (what comes before their first `#`: GAME, PLAYER, LOBBY…), so a hot singleton key stands
 * out from a busy but spread kind.
 */
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

export function tableReport(table: TableModel) {
  return {
    items: table.itemCount,
    requests: table.usage.requests,
    writeUnits: round(table.usage.writeUnits),
    readUnits: round(table.usage.readUnits),
    throttledRequests: table.usage.throttled,
    conditionalFailures: table.usage.conditionalFailures,
    streamRecords: table.stream.length,
    hottestKeys: hottestKeys(table),
  };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
