/**
 * Sends frames to WebSocket connections through the API Gateway management API (@connections),
 * in the cloud and locally alike (the local runtime serves the same endpoint).
 */
import {
  type ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerFrame } from '../core/protocol/frames';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

export type SendResult = 'sent' | 'gone' | 'failed';

export interface Sender {
  send(connectionId: string, frame: ServerFrame): Promise<SendResult>;
  /** Close a connection (a revoked device's); one already gone is fine. */
  close?(connectionId: string): Promise<void>;
  /**
   * Whether a connection is still open (a `$disconnect` can be lost: the table's record of a
   * connection outlives the socket). When it cannot tell (an error), it says open.
   */
  isOpen?(connectionId: string): Promise<boolean>;
}

export class ManagementApiSender implements Sender {
  /** Frames sent, and their total bytes (for the cost model). */
  readonly usage = { frames: 0, bytes: 0 };

  constructor(
    private readonly client: ApiGatewayManagementApiClient,
    private readonly observer: Observer,
  ) {}

  async send(connectionId: string, frame: ServerFrame): Promise<SendResult> {
    const data = Buffer.from(JSON.stringify(frame));
    try {
      await this.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      this.usage.frames++;
      this.usage.bytes += data.length;
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException) return 'gone';
      this.observer.log.warn('sending a frame failed', failure(error, { to: connectionId }));
      this.observer.count(METRICS.sendFailures);
      return 'failed';
    }
  }

  async isOpen(connectionId: string): Promise<boolean> {
    try {
      await this.client.send(new GetConnectionCommand({ ConnectionId: connectionId }));
      return true;
    } catch (error) {
      if (error instanceof GoneException) return false;
      this.observer.log.warn('asking whether a connection is open failed', failure(error, { connection: connectionId }));
      return true;
    }
  }

  async close(connectionId: string): Promise<void> {
    try {
      await this.client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if (error instanceof GoneException) return;
      throw error;
    }
  }
}
