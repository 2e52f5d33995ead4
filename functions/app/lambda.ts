/**
 * A Lambda function's entry: `export const handler = lambda(message)`. The app is built from
 * the environment (the CDK stack's variables) on the first invocation and kept by the container
 * for the next ones, with the handler it asked for.
 */
import { createApp, type Part } from './app';
import { configFromEnv } from './config';
import { randomIds } from './deps';

export function lambda<E, R>(handlerPart: Part<(event: E, context?: { awsRequestId?: string }) => Promise<R>>) {
  let handler: ((event: E, context?: { awsRequestId?: string }) => Promise<R>) | undefined;
  return (event: E, context?: { awsRequestId?: string }): Promise<R> => {
    handler ??= createApp({ config: configFromEnv(process.env), now: () => new Date(), ids: randomIds }).get(handlerPart);
    return handler(event, context);
  };
}
