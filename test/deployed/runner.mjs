// One Lambda container: imports the function's bundle once (a cold start), then serves one
// invocation at a time over IPC, as the Lambda runtime does. Plain JavaScript: it runs in a
// bare Node process, with only the bundle and Node itself.
import { pathToFileURL } from 'node:url';

let handler;
process.on('message', async ({ id, bundle, exportName, event, timeoutMs }) => {
  const deadline = Date.now() + timeoutMs;
  const context = {
    awsRequestId: id,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    getRemainingTimeInMillis: () => deadline - Date.now(),
  };
  try {
    handler ??= (await import(pathToFileURL(bundle).href))[exportName];
    const result = await handler(event, context);
    process.send({ id, ok: true, result: result ?? null });
  } catch (error) {
    process.send({ id, ok: false, error: String(error?.stack ?? error) });
  }
});
process.send({ ready: true });
