/**
 * The local runtime in a process of its own (server.ts), so that a bench measures the server's
 * memory alone while its clients live in the parent.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Memory {
  heapUsed: number;
  rss: number;
}

function ask<T>(child: ChildProcess, message: object, accept: (m: object) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: object) => {
      if (!accept(m)) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    if (Object.keys(message).length) child.send(message);
  });
}

export interface ServerProcess {
  url: string;
  wsUrl: string;
  /** Heap and resident size after full collections. */
  measure(): Promise<Memory>;
  /** The longest and 99th-percentile delay of the server's event loop since the last call (ms). */
  loopDelay(): Promise<{ loopDelayMaxMs: number; loopDelayP99Ms: number }>;
  close(): Promise<void>;
}

/** Start the server process with this environment (default: this process's). */
export async function startServerProcess(env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { url, wsUrl, gc } = await ask<{ url: string; wsUrl: string; gc: boolean }>(child, {}, (m) => 'url' in m);
  const close = async () => {
    child.send({ close: true });
    await new Promise((r) => child.once('exit', r));
  };
  if (!gc) {
    await close();
    throw new Error('the server process has no gc(); it must run with --expose-gc');
  }
  return {
    url,
    wsUrl,
    measure: () => ask<Memory>(child, { measure: true }, (m) => 'heapUsed' in m),
    loopDelay: () => ask(child, { loopDelay: true }, (m) => 'loopDelayMaxMs' in m),
    close,
  };
}
