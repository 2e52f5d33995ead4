/**
 * The metrics the functions emit (CloudWatch embedded metric format, namespace `Caravela`) and
 * the stack's alarms watch: one list, shared by the emitters and the stack.
 */
export const METRIC_NAMESPACE = 'Caravela';

export const METRICS = {
  /** A stream reaction (automatic move, index, clock, snapshot, notification) threw; the stream retries it. */
  reactorFailures: 'ReactorFailures',
  /** A frame or notification could not be sent (not counting a closed connection). */
  sendFailures: 'SendFailures',
  /** A request answered INTERNAL (an unexpected error). */
  internalErrors: 'InternalErrors',
  /** A write lost a race and was decided again, or a delivery was attempted again. */
  retries: 'Retries',
  /** How late the sweep handled the oldest due clock, in seconds. */
  sweepLagSeconds: 'SweepLagSeconds',
  /** The sweep found a finished game the ratings reactor (the Bots function's ratings) never rated, and asked it again (host/rating-fallback.ts). */
  ratingsAsked: 'RatingsAsked',
} as const;

export type MetricName = (typeof METRICS)[keyof typeof METRICS];
