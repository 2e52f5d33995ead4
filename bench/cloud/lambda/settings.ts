/**
 * The functions' settings as the stack deploys them (read from its template by ./template.ts),
 * and the model options they mean. Kept apart from the reader so that using them does not load
 * the CDK.
 */
import type { CaravelaFunctions } from '../../../infra/stack';
import type { LambdaFunctionOptions } from './function-model';
import type { StreamMappingOptions } from './stream-mapping';

/** The stack's names for its functions (the constructs' ids: Http, Notify, SesEvents, …). */
export type FunctionName = Capitalize<keyof CaravelaFunctions>;

/** One AWS::Lambda::EventSourceMapping, with CloudFormation's defaults filled in. */
export interface StreamMappingSettings {
  logicalId: string;
  batchSize: number;
  parallelizationFactor: number;
  maximumBatchingWindowSeconds: number;
  maximumRetryAttempts: number;
  maximumRecordAgeSeconds: number;
  bisectBatchOnError: boolean;
  functionResponseTypes: string[];
  /** As written in the template (OnFailure's Destination names the on-failure destination). */
  destinationConfig: Record<string, unknown> | undefined;
  /** What that destination is: a bucket keeps failed batches whole, a queue or topic their metadata only. */
  onFailure: { kind: 's3' | 'sqs' | 'sns'; logicalId: string } | null;
  /** The FilterCriteria patterns, parsed. */
  filterPatterns: Record<string, unknown>[];
  startingPosition: 'LATEST' | 'TRIM_HORIZON';
}

export interface FunctionSettings {
  name: FunctionName;
  logicalId: string;
  memoryMB: number;
  timeoutSeconds: number;
  reservedConcurrency: number | undefined;
  /** Retries of asynchronous invocations (an AWS::Lambda::EventInvokeConfig), if set. */
  asyncRetryAttempts: number | undefined;
  streamMappings: StreamMappingSettings[];
}

/** The function model's options for a deployed function (add account and handler). */
export function functionOptions(
  settings: FunctionSettings,
): Pick<LambdaFunctionOptions<unknown, unknown>, 'name' | 'memoryMB' | 'timeoutSeconds' | 'reservedConcurrency' | 'asyncRetryAttempts'> {
  return {
    name: settings.name,
    memoryMB: settings.memoryMB,
    timeoutSeconds: settings.timeoutSeconds,
    ...(settings.reservedConcurrency === undefined ? {} : { reservedConcurrency: settings.reservedConcurrency }),
    ...(settings.asyncRetryAttempts === undefined ? {} : { asyncRetryAttempts: settings.asyncRetryAttempts }),
  };
}

/** The stream mapping's options for a deployed mapping (add source, target and on-failure destination). */
export function streamMappingOptions(settings: StreamMappingSettings): Omit<StreamMappingOptions, 'source' | 'target' | 'onFailure'> {
  return {
    batchSize: settings.batchSize,
    parallelizationFactor: settings.parallelizationFactor,
    maximumBatchingWindowSeconds: settings.maximumBatchingWindowSeconds,
    maximumRetryAttempts: settings.maximumRetryAttempts,
    maximumRecordAgeSeconds: settings.maximumRecordAgeSeconds,
    bisectBatchOnError: settings.bisectBatchOnError,
    reportBatchItemFailures: settings.functionResponseTypes.includes('ReportBatchItemFailures'),
    filterPatterns: settings.filterPatterns,
    startingPosition: settings.startingPosition,
  };
}
