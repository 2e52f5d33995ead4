/**
 * Every handler is wrapped once: the invocation's keys go on every log line it writes, its
 * metrics are published when it ends, and a throw is logged before Lambda sees it.
 */
import { failure, type Observer } from './observer';

interface Keys {
  requestId?: string;
  connectionId?: string;
}

/** What a handler's event says about the request (API Gateway's ids), else Lambda's own id. */
function keysOf(event: unknown, context: { awsRequestId?: string } | undefined): Keys {
  const rc = (event as { requestContext?: { requestId?: string; connectionId?: string } } | null)?.requestContext;
  return {
    ...((rc?.requestId ?? context?.awsRequestId) ? { requestId: rc?.requestId ?? context?.awsRequestId } : {}),
    ...(rc?.connectionId ? { connectionId: rc.connectionId } : {}),
  };
}

export function observed<E, R>(
  observer: Observer,
  name: string,
  handler: (event: E) => Promise<R>,
): (event: E, context?: { awsRequestId?: string }) => Promise<R> {
  const { log } = observer;
  return async (event, context) => {
    log.resetKeys();
    log.appendKeys({ handler: name, ...keysOf(event, context) });
    try {
      return await handler(event);
    } catch (error) {
      log.error(`${name} failed`, failure(error));
      throw error;
    } finally {
      observer.publish();
    }
  };
}
