/**
 * What an app reports about itself: structured log lines (Powertools for AWS Lambda's Logger: one
 * JSON line per entry, carrying the request's keys — request id, connection, game and version
 * where known — so an operator can follow one move through every function in CloudWatch Logs
 * Insights) and metrics in CloudWatch's embedded metric format (Powertools' Metrics: counted
 * during an invocation, written as one EMF line at its end, turned into metrics by CloudWatch
 * without an API call). Off Lambda no EMF line is written; the counts are kept in `counted`.
 * One per app (functions/app/): two apps in one process report apart.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC_NAMESPACE, type MetricName } from './metric-names';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

export interface Observer {
  readonly log: Logger;
  count(name: MetricName, n?: number): void;
  gauge(name: MetricName, value: number, unit?: 'Seconds' | 'Count'): void;
  /** Write what this invocation counted (nothing if it counted nothing, or off Lambda). */
  publish(): void;
  /** Every count and value reported so far, by metric name. */
  readonly counted: ReadonlyMap<MetricName, number>;
}

export function createObserver(options: { level: LogLevel; onLambda: boolean }): Observer {
  const log = new Logger({ serviceName: 'caravela', logLevel: options.level });
  const counted = new Map<MetricName, number>();
  const emf = options.onLambda ? new Metrics({ namespace: METRIC_NAMESPACE, serviceName: 'caravela' }) : null;
  return {
    log,
    counted,
    count(name, n = 1) {
      counted.set(name, (counted.get(name) ?? 0) + n);
      emf?.addMetric(name, MetricUnit.Count, n);
    },
    gauge(name, value, unit = 'Seconds') {
      counted.set(name, value);
      emf?.addMetric(name, unit === 'Seconds' ? MetricUnit.Seconds : MetricUnit.Count, value);
    },
    publish() {
      // Powertools warns on every publish with nothing stored: most invocations count nothing.
      if (emf?.hasStoredMetrics()) emf.publishStoredMetrics();
    },
  };
}

/** A failure's fields for a log entry: the error itself (message and stack) and where it happened. */
export function failure(error: unknown, where: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...where, error: error instanceof Error ? error : new Error(String(error)) };
}
