/**
 * What a scale run must show to hold at volume (issue 28's list), each check read from the
 * run's report: the figure, its bound, and whether the run met it. A run with faults must meet
 * them too: the faults are AWS's own (instances dying after their writes, batches delivered
 * twice, `$disconnect`s lost, a reader down), not a reason for a lost or doubled outcome.
 */
import type { Target } from '../targets';

/** The parts of a World report the checks read. */
export interface AcceptedReport {
  table: { hottestKeys: { shareOfLimit: number }[]; versions: { gaps: number; duplicateInserts: number } };
  dynamoRetries: { failedThrottled: number };
  apiGateway: { websocket: { callbacksThrottled: number } };
  /**
   * `pushes`, sent twice (an instance died between sending one and marking it sent), is not a
   * check: the push service keeps one message per Topic and the service worker one notification
   * per game (its tag), so the player sees one; the report counts them for what they cost.
   */
  duplicates: { pushes: number; ratings: number };
  games: { unrated: number };
  sweepLagSeconds: { p99: number | null };
  digestLagMinutes: { count: number; p99: number | null };
  digestsOverdue: number;
  /** Of the commits made while the notifier was up: a push of a commit made in its outage waits for its end. */
  commitToPushOutsideOutagesSeconds: { p99: number | null };
  moveLatencyMs: { p99: number | null; missed: number };
  streams: { inBuckets: Record<string, number> } & Record<string, unknown>;
  lostStreamRecords: number;
}

export function acceptance(report: AcceptedReport): Record<string, Target> {
  const check = (value: number, unit: string, bound: number, is: Target['is'] = 'atMost'): Target => ({
    value: Number(value.toPrecision(3)),
    unit,
    is,
    bound,
    met: is === 'atMost' ? value <= bound : value >= bound,
  });
  const inBuckets = Object.values(report.streams.inBuckets).reduce((n, k) => n + k, 0);
  return {
    hottestKeyShareOfLimit: check(report.table.hottestKeys[0]?.shareOfLimit ?? 0, '× its limit at its busiest second', 0.5),
    throttledUnrecovered: check(report.dynamoRetries.failedThrottled + report.apiGateway.websocket.callbacksThrottled, 'requests', 0),
    versionsLostOrTwice: check(report.table.versions.gaps + report.table.versions.duplicateInserts, 'versions', 0),
    ratingsLostOrTwice: check(report.games.unrated + report.duplicates.ratings, 'games', 0),
    notificationsLost: check(report.lostStreamRecords + inBuckets, 'stream records never delivered', 0),
    sweepLagP99: check(report.sweepLagSeconds.p99 ?? 0, 's', 60),
    digestsLate: check(
      report.digestsOverdue + (report.digestLagMinutes.p99 !== null && report.digestLagMinutes.p99 > 60 ? 1 : 0),
      'digests',
      0,
    ),
    turnToPushP99: check(report.commitToPushOutsideOutagesSeconds.p99 ?? 0, 's (commits made while the notifier was up)', 30),
    moveLatencyP99: check(report.moveLatencyMs.p99 ?? 0, 'ms', 500),
    bucketsAfterRedrive: check(inBuckets, 'failed batches left', 0),
  };
}
