/**
 * AWS Lambda's published limits the models enforce, each with the page that states it. What AWS
 * does not publish (idle reaping, retry back-off of stream pollers) is not here: those are the
 * models' options, with their defaults documented where they are used.
 */

/** "Lambda quotas" and "Lambda scaling behavior". */
export const LAMBDA_LIMITS = {
  /** Concurrent executions per account per Region, by default ("Lambda quotas"). */
  accountConcurrency: 1000,
  /** Unreserved concurrency that reserving must leave to the other functions ("Lambda quotas"). */
  minimumUnreserved: 100,
  /** Each function scales by up to 1,000 execution environments every 10 seconds ("Lambda scaling behavior"). */
  scalingInstances: 1000,
  scalingWindowMs: 10_000,
  /** Function timeout, seconds ("Lambda quotas"); 3 s when not set. */
  maxTimeoutSeconds: 900,
  defaultTimeoutSeconds: 3,
  /** Memory, MB, in 1 MB steps ("Lambda quotas"); 128 MB when not set. */
  minMemoryMB: 128,
  maxMemoryMB: 10_240,
  /** CPU is allocated in proportion to memory; at 1,769 MB a function has one vCPU ("Lambda quotas"). */
  oneVcpuMemoryMB: 1769,
} as const;

/** "Asynchronous invocation" (the events Lambda queues: schedules, SNS). */
export const ASYNC_LIMITS = {
  /** Retries of a function error: 0–2, two by default, one then two minutes apart. */
  maxRetryAttempts: 2,
  retryDelaysMs: [60_000, 120_000],
  /** Throttled events go back to the queue: retried from 1 s, doubling up to 5 minutes, for up to 6 hours by default. */
  throttleRetryFirstMs: 1000,
  throttleRetryMaxMs: 5 * 60_000,
  maxEventAgeSeconds: 6 * 3600,
  minEventAgeSeconds: 60,
} as const;

/** "Using Lambda with DynamoDB" (its parameters page) and DynamoDB Streams. */
export const STREAM_LIMITS = {
  maxBatchSize: 10_000,
  defaultBatchSize: 100,
  /** MaximumBatchingWindowInSeconds: 0 (the default for streams) to 300. */
  maxBatchingWindowSeconds: 300,
  /** Concurrent batches per shard; records of one partition key stay in order. */
  maxParallelizationFactor: 10,
  /** -1 (the default): retried until the record expires. */
  maxRetryAttempts: 10_000,
  /** -1 (the default), or 60 s to 7 days. */
  minRecordAgeSeconds: 60,
  maxRecordAgeSeconds: 7 * 24 * 3600,
  /** DynamoDB Streams keeps a record 24 hours; older ones are trimmed (lost to a reader behind). */
  retentionMs: 24 * 3600_000,
  /** Lambda polls each shard at a base rate of four times a second. */
  pollIntervalMs: 250,
  /**
   * Readers of a shard at once (each event source mapping is one, whatever its parallelization
   * factor): "More than 2 processes are reading from the same streams shard at the same time.
   * Exceeding this limit may result in request throttling" (the DynamoDB Streams API's
   * LimitExceededException). The model refuses a third.
   */
  maxReadersPerShard: 2,
} as const;
