/**
 * Metrics in CloudWatch's embedded metric format (Powertools for AWS Lambda's Metrics): counted
 * during an invocation, written as one EMF log line at its end (`observed`), turned into metrics
 * by CloudWatch without an API call. Off Lambda nothing is written; the counts are kept in
 * `counted` (tests, the local runtime).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC_NAMESPACE, type MetricName } from './metric-names';

const onLambda = () => process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;

let metrics: Metrics | undefined;
const emf = (): Metrics => (metrics ??= new Metrics({ namespace: METRIC_NAMESPACE, serviceName: 'caravela' }));

/** Every count and value reported in this process, by metric name. */
export const counted = new Map<MetricName, number>();

export function count(name: MetricName, n = 1): void {
  counted.set(name, (counted.get(name) ?? 0) + n);
  if (onLambda()) emf().addMetric(name, MetricUnit.Count, n);
}

export function gauge(name: MetricName, value: number, unit: 'Seconds' | 'Count' = 'Seconds'): void {
  counted.set(name, value);
  if (onLambda()) emf().addMetric(name, unit === 'Seconds' ? MetricUnit.Seconds : MetricUnit.Count, value);
}

/** Write what this invocation counted (nothing if it counted nothing). */
export function publish(): void {
  if (metrics && onLambda()) metrics.publishStoredMetrics();
}
