/**
 * Structured logs: one JSON line per entry (Powertools for AWS Lambda's Logger), carrying the
 * request's keys — request id, connection, game and version where known — so an operator can
 * follow one move through every function in CloudWatch Logs Insights. LOG_LEVEL sets the level
 * (default INFO; ERROR under the tests).
 */
import { Logger } from '@aws-lambda-powertools/logger';

type Level = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | 'CRITICAL' | 'TRACE';

export const logger = new Logger({
  serviceName: 'caravela',
  logLevel: (process.env.LOG_LEVEL as Level | undefined) ?? (process.env.VITEST ? 'ERROR' : 'INFO'),
});

/** A failure's fields for a log entry: the error itself (message and stack) and where it happened. */
export function failure(error: unknown, where: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...where, error: error instanceof Error ? error : new Error(String(error)) };
}
