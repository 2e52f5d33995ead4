/**
 * One AWS account in one Region, as API Gateway sees it: the throttle every API and every
 * @connections call shares, the WebSocket APIs' 500 new connections a second, and the counts
 * the models keep. The WebSocket and HTTP API models of one simulation take the same account.
 */
import type { VirtualClock } from '../clock';
import { LIMITS } from './limits';
import { costOf, emptyMetrics, type ApiGatewayCost, type ApiGatewayMetrics } from './metrics';
import { TokenBucket, type Throttle } from './token-bucket';

export interface ApiGatewayReport extends ApiGatewayMetrics {
  /** Virtual time of the report. */
  at: number;
  /** Connections open now. */
  openConnections: number;
  cost: ApiGatewayCost;
}

/** What a WebSocket API tells its account about its open connections, for a report. */
export interface OpenConnections {
  count(): number;
  /** Started minutes of the open connections so far. */
  minutes(): number;
}

export class ApiGatewayAccount {
  readonly metrics: ApiGatewayMetrics = emptyMetrics();
  readonly throttle: TokenBucket;
  readonly newConnections: TokenBucket;
  private readonly webSocketApis: OpenConnections[] = [];

  constructor(
    readonly clock: VirtualClock,
    /** A raised quota, or a Region with a lower default (2,500/1,250). */
    limits: { throttle?: Throttle; newConnections?: Throttle } = {},
  ) {
    this.throttle = new TokenBucket(clock, limits.throttle ?? LIMITS.accountThrottle);
    this.newConnections = new TokenBucket(clock, limits.newConnections ?? LIMITS.newConnections);
  }

  /** A WebSocket API of this account (its constructor registers it). */
  register(api: OpenConnections): void {
    this.webSocketApis.push(api);
  }

  /** Count a refusal by a stage's throttle (`api`: "ws" or "http"). */
  throttledBy(api: 'ws' | 'http', stage: string, route: string): void {
    const { byStage, byRoute } = this.metrics.throttled;
    byStage[`${api}:${stage}`] = (byStage[`${api}:${stage}`] ?? 0) + 1;
    byRoute[`${api}:${stage} ${route}`] = (byRoute[`${api}:${stage} ${route}`] ?? 0) + 1;
  }

  /** The counts so far, open connections' minutes included, and their cost. */
  report(): ApiGatewayReport {
    const metrics = structuredClone(this.metrics);
    metrics.websocket.connectionMinutes += this.webSocketApis.reduce((sum, api) => sum + api.minutes(), 0);
    return {
      ...metrics,
      at: this.clock.now(),
      openConnections: this.webSocketApis.reduce((sum, api) => sum + api.count(), 0),
      cost: costOf(metrics),
    };
  }
}
