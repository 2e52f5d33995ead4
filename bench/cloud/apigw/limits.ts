/**
 * API Gateway's published limits, as the models enforce them. Each names the AWS page it comes
 * from; change them here only if AWS does (or to model a raised quota).
 *
 * - WS: "Quotas for configuring and running a WebSocket in API Gateway"
 *   (https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-execution-service-websocket-limits-table.html)
 * - ACCOUNT: "Amazon API Gateway quotas" (https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html)
 * - HTTP: "Quotas for configuring and running an HTTP API in API Gateway"
 *   (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html)
 * Metering (32 KB units for WebSocket messages, 512 KB for HTTP requests) and prices are the cost
 * model's: cost/model.ts, cost/prices.ts.
 */
import type { Throttle } from './token-bucket';

const KB = 1024;

export const LIMITS = {
  /**
   * ACCOUNT: "Throttle quota per account, per Region across HTTP APIs, REST APIs, WebSocket APIs,
   * and WebSocket callback APIs": 10,000 requests a second, a token bucket of 5,000. Callback
   * APIs are @connections: the app's own POSTs draw from it too.
   */
  accountThrottle: { rateLimit: 10_000, burstLimit: 5_000 } satisfies Throttle,
  /**
   * WS: "New connections per second per account (across all WebSocket APIs) per Region": 500.
   * Modelled as a bucket of 500 refilled at 500 a second: the 501st in one second is refused.
   */
  newConnections: { rateLimit: 500, burstLimit: 500 } satisfies Throttle,
  /** WS: "WebSocket frame size": 32 KB; a bigger frame closes the connection with 1009. */
  frameBytes: 32 * KB,
  /** WS: "Message payload size": 128 KB (a message is split in frames of 32 KB or less); bigger closes with 1009. */
  messageBytes: 128 * KB,
  /** WS: "Connection duration for WebSocket API": 2 hours. */
  maxConnectionMs: 2 * 60 * 60 * 1000,
  /** WS: "Idle Connection Timeout": 10 minutes. */
  idleTimeoutMs: 10 * 60 * 1000,
  /** WS: "Integration timeout": 50 milliseconds to 29 seconds (29 s unless the route says less). */
  wsIntegrationTimeoutMs: { min: 50, max: 29_000 },
  /** HTTP: "Maximum integration timeout": 30 seconds. */
  httpIntegrationTimeoutMs: { min: 50, max: 30_000 },
  /** HTTP: "Payload size": 10 MB. */
  httpPayloadBytes: 10 * KB * KB,
} as const;

/** WebSocket close codes (RFC 6455) API Gateway uses. */
export const CLOSE = {
  /** The client closed, or the app deleted the connection (@connections DELETE). */
  normal: 1000,
  /**
   * API Gateway's own closes at the idle timeout and at 2 hours. AWS does not publish the code;
   * clients observe 1001 (going away).
   */
  goingAway: 1001,
  /** A frame over 32 KB or a message over 128 KB (the quota page's footnote). */
  tooBig: 1009,
} as const;
