import { describe, expect, it } from 'vitest';
import { acceptance, type AcceptedReport } from '../../bench/cloud/acceptance';
import { ratingWasDue } from '../../bench/cloud/report';

/** A run that holds: every figure within its bound. */
const healthy = (): AcceptedReport => ({
  table: { hottestKeys: [{ shareOfLimit: 0.033 }], versions: { gaps: 0, duplicateInserts: 0 } },
  dynamoRetries: { failedThrottled: 0 },
  apiGateway: { websocket: { callbacksThrottled: 0 } },
  duplicates: { pushes: 2, ratings: 0 },
  games: { unrated: 0 },
  sweepLagSeconds: { p99: 27.4 },
  digestLagMinutes: { count: 201, p99: 1 },
  digestsOverdue: 0,
  commitToPushOutsideOutagesSeconds: { p99: 0.3 },
  moveLatencyMs: { p99: 69.6, missed: 0 },
  streams: { inBuckets: { notify: 0, bots: 0 } },
  lostStreamRecords: 0,
});

const unmet = (report: AcceptedReport) =>
  Object.entries(acceptance(report))
    .filter(([, c]) => !c.met)
    .map(([name]) => name);

describe("a scale run's acceptance", () => {
  it('is met by a run whose figures are within their bounds (pushes sent twice are counted, not failed: the device shows one)', () => {
    expect(unmet(healthy())).toEqual([]);
    expect(acceptance(healthy()).hottestKeyShareOfLimit).toMatchObject({ value: 0.033, bound: 0.5, met: true });
  });

  it('names each figure past its bound', () => {
    const r = healthy();
    r.table.hottestKeys[0]!.shareOfLimit = 0.51;
    r.table.versions.gaps = 1;
    r.games.unrated = 1;
    r.streams.inBuckets.notify = 1;
    r.sweepLagSeconds.p99 = 61;
    r.digestsOverdue = 1;
    r.commitToPushOutsideOutagesSeconds.p99 = 31;
    r.moveLatencyMs.p99 = 501;
    r.dynamoRetries.failedThrottled = 1;
    expect(unmet(r).sort()).toEqual(
      [
        'hottestKeyShareOfLimit',
        'versionsLostOrTwice',
        'ratingsLostOrTwice',
        'notificationsLost',
        'bucketsAfterRedrive',
        'sweepLagP99',
        'digestsLate',
        'turnToPushP99',
        'moveLatencyP99',
        'throttledUnrecovered',
      ].sort(),
    );
  });

  it('counts a digest sent more than an hour late, and one still waiting an hour after it fell due', () => {
    expect(unmet({ ...healthy(), digestLagMinutes: { count: 3, p99: 61 } })).toEqual(['digestsLate']);
    expect(unmet({ ...healthy(), digestsOverdue: 2 })).toEqual(['digestsLate']);
  });
});

describe('a finished game unrated when the run stops', () => {
  const at = (time: string) => Date.parse(`2026-11-27T${time}Z`);

  it("is a lost rating only when the sweep's look an hour after its end came before the sweep's last run, with its minute to spare", () => {
    // The 100,000-game run's: it ended at 01:59:30 in the ratings' outage; its look was due at
    // 02:59:30, the sweep's run at 03:00 (the run's end, its last) asked: not due, not lost.
    expect(ratingWasDue(at('01:59:30'), at('03:00:00'))).toBe(false);
    expect(ratingWasDue(at('01:58:00'), at('03:00:00'))).toBe(false);
    // Looked at by 02:58 and asked: the ratings part had two minutes of sweeps and stream to rate it.
    expect(ratingWasDue(at('01:57:59'), at('03:00:00'))).toBe(true);
    expect(ratingWasDue(at('00:10:00'), at('03:00:00'))).toBe(true);
  });
});
