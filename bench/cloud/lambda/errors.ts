/**
 * What a caller of a simulated function gets instead of an answer, named as Lambda names them
 * (the synchronous Invoke API's errors and the runtime's error types).
 */

/** Why an invocation was refused (the Reason of Lambda's TooManyRequestsException). */
export type ThrottleReason =
  /** The function's reserved concurrency is in use. */
  | 'ReservedFunctionConcurrentInvocationLimitExceeded'
  /** The account's unreserved concurrency is in use. */
  | 'ConcurrentInvocationLimitExceeded'
  /** The function would need new instances faster than 1,000 every 10 seconds. */
  | 'FunctionInvocationRateLimitExceeded';

/** HTTP 429 from Invoke: nothing ran. */
export class LambdaThrottledError extends Error {
  override readonly name = 'TooManyRequestsException';
  readonly statusCode = 429;
  constructor(
    readonly functionName: string,
    readonly reason: ThrottleReason,
  ) {
    super(`Rate Exceeded. (${functionName}: ${reason})`);
  }
}

/** The invocation ran past its timeout and was stopped where it stood. */
export class LambdaTimeoutError extends Error {
  override readonly name = 'Sandbox.Timedout';
  constructor(
    readonly functionName: string,
    readonly timeoutSeconds: number,
  ) {
    super(`Task timed out after ${timeoutSeconds.toFixed(2)} seconds`);
  }
}

/** The instance died under the invocation (injected fault: a crash, an out-of-memory kill). */
export class LambdaKilledError extends Error {
  override readonly name = 'Runtime.ExitError';
  constructor(
    readonly functionName: string,
    readonly where: string,
  ) {
    super(`RequestId: ${where} Error: Runtime exited without providing a reason`);
  }
}

/** An invocation ended without an answer from the handler (Lambda stopped it). */
export type InvocationDeath = LambdaTimeoutError | LambdaKilledError;
