/**
 * What the API Gateway models count, and what it costs at list prices. The prices are
 * cost/prices.ts's (the one place the project keeps them), priced through their volume tiers as
 * if the simulated period were the month's whole use (cost/model.ts's tieredUsd).
 */
import { tieredUsd } from '../../../cost/model';
import { PRICES, type Prices } from '../../../cost/prices';

export interface WebSocketCounts {
  /** `$connect` answered 200: the connection opened. */
  connectsAccepted: number;
  /** `$connect` answered something else (401, 429…): refused by the app. */
  connectsRefused: number;
  /** Refused by the account's 500 new connections a second (the handler never ran). */
  newConnectionsRefused: number;
  /** `$connect` refused by a throttle, the stage's or the account's (the handler never ran). */
  connectsThrottled: number;
  /** Client → server messages API Gateway received (throttled ones too: it received them), and their 32 KB units. */
  messagesIn: number;
  unitsIn: number;
  bytesIn: number;
  /** Server → client messages: @connections POSTs delivered, and API Gateway's own error frames. */
  messagesOut: number;
  unitsOut: number;
  bytesOut: number;
  /** Messages answered "Too Many Requests" instead of reaching the handler. */
  messagesThrottled: number;
  /** Connections closed, by why. */
  closes: { tooBig: number; idle: number; maxDuration: number; client: number; deleted: number };
  /** `$disconnect` invocations, and closes whose `$disconnect` never came (best effort). */
  disconnectsDelivered: number;
  disconnectsLost: number;
  /** @connections calls answered 410 GoneException (POST or DELETE to a closed or unknown connection). */
  gone: number;
  /** @connections POSTs refused for a payload over 128 KB (PayloadTooLargeException). */
  postsTooLarge: number;
  /** @connections calls refused by the account throttle (callback APIs share it). */
  callbacksThrottled: number;
  /** Handler calls that outlived the integration timeout, or threw. */
  integrationTimeouts: number;
  integrationErrors: number;
  /** Connection-minutes, each connection's started minutes (closed connections; a report adds the open ones). */
  connectionMinutes: number;
}

export interface HttpCounts {
  /** Requests received (throttled ones too), and their 512 KB units. */
  requests: number;
  units: number;
  bytesIn: number;
  throttled: number;
  /** Answered by API Gateway itself: over 10 MB (413), no route (404). */
  tooLarge: number;
  notFound: number;
  integrationTimeouts: number;
  integrationErrors: number;
}

export interface ThrottleCounts {
  /** Refused by the account's bucket (shared by every API and @connections). */
  account: number;
  /** Refused by a stage's route throttle, by stage ("ws:prod", "http:$default") and by route ("ws:prod createGame"). */
  byStage: Record<string, number>;
  byRoute: Record<string, number>;
}

export interface ApiGatewayMetrics {
  websocket: WebSocketCounts;
  http: HttpCounts;
  throttled: ThrottleCounts;
}

export function emptyMetrics(): ApiGatewayMetrics {
  return {
    websocket: {
      connectsAccepted: 0,
      connectsRefused: 0,
      newConnectionsRefused: 0,
      connectsThrottled: 0,
      messagesIn: 0,
      unitsIn: 0,
      bytesIn: 0,
      messagesOut: 0,
      unitsOut: 0,
      bytesOut: 0,
      messagesThrottled: 0,
      closes: { tooBig: 0, idle: 0, maxDuration: 0, client: 0, deleted: 0 },
      disconnectsDelivered: 0,
      disconnectsLost: 0,
      gone: 0,
      postsTooLarge: 0,
      callbacksThrottled: 0,
      integrationTimeouts: 0,
      integrationErrors: 0,
      connectionMinutes: 0,
    },
    http: { requests: 0, units: 0, bytesIn: 0, throttled: 0, tooLarge: 0, notFound: 0, integrationTimeouts: 0, integrationErrors: 0 },
    throttled: { account: 0, byStage: {}, byRoute: {} },
  };
}

export interface ApiGatewayCost {
  /** WebSocket messages, both ways, in 32 KB units. */
  websocketMessages: number;
  websocketConnectionMinutes: number;
  /** HTTP API requests in 512 KB units. */
  httpRequests: number;
  total: number;
}

/** Dollars, at list prices (us-east-1, no free tier). */
export function costOf(m: ApiGatewayMetrics, prices: Prices = PRICES): ApiGatewayCost {
  const websocketMessages = tieredUsd(m.websocket.unitsIn + m.websocket.unitsOut, prices.websocketMessages);
  const websocketConnectionMinutes = tieredUsd(m.websocket.connectionMinutes, prices.websocketConnectionMinutes);
  const httpRequests = tieredUsd(m.http.units, prices.httpApiRequests);
  return {
    websocketMessages,
    websocketConnectionMinutes,
    httpRequests,
    total: websocketMessages + websocketConnectionMinutes + httpRequests,
  };
}
