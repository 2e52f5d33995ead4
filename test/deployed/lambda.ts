/**
 * Lambda as the harness plays it: each function instance is its own Node process (no memory
 * shared), serving one invocation at a time; a function scales out to several instances under
 * concurrent load. Every instance talks to DynamoDB and to @connections through its own
 * loopback proxy, which may kill the instance at random — before forwarding a request (before
 * a write) or after its response came back but before the instance reads it (after a write) —
 * so that deaths land at every await point of the code: mid-commit, mid-broadcast, mid-bot
 * chain, mid-reaction, mid-sweep. A killed instance's invocation fails; a new instance starts
 * cold for the next one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FunctionSpec } from './template';

const RUNNER = fileURLToPath(new URL('./runner.mjs', import.meta.url));

/** Decides, per proxied request, whether the instance dies there. */
export interface Faults {
  /** 'before' / 'after' the request, or null to let it through. */
  decide(fn: string, operation: string): 'before' | 'after' | null;
  killed(fn: string, operation: string, when: 'before' | 'after'): void;
}

export class InstanceDied extends Error {}

interface Upstreams {
  dynamo: string;
  /** Where @connections requests go (the path starts with /{stage}/@connections). */
  connections: string;
}

class Instance {
  busy = false;
  dead = false;
  private child!: ChildProcess;
  private proxy!: Server;
  private pending: { id: string; resolve(v: unknown): void; reject(e: Error): void } | null = null;

  constructor(
    private readonly name: string,
    private readonly spec: FunctionSpec,
    private readonly env: Record<string, string>,
    private readonly upstreams: Upstreams,
    private readonly faults: Faults,
    private readonly errors: Map<string, number>,
  ) {}

  async start(): Promise<void> {
    this.proxy = createServer((req, res) => void this.forward(req, res));
    await new Promise<void>((r) => this.proxy.listen(0, '127.0.0.1', r));
    const port = (this.proxy.address() as AddressInfo).port;
    const endpoint = `http://127.0.0.1:${port}`;
    // The configured @connections endpoint, reached through this instance's proxy (same path).
    const connections = this.env.CONNECTIONS_ENDPOINT ? `${endpoint}${new URL(this.env.CONNECTIONS_ENDPOINT).pathname}` : undefined;
    this.child = fork(RUNNER, [], {
      execArgv: [],
      env: { ...this.env, AWS_ENDPOINT_URL_DYNAMODB: endpoint, ...(connections ? { CONNECTIONS_ENDPOINT: connections } : {}) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    // The function's own error log lines (Powertools JSON; errors go to stderr), counted by message and cause.
    const countErrors = (stream: NodeJS.ReadableStream) => {
      let partial = '';
      stream.on('data', (d: Buffer) => {
        const lines = (partial + d.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.includes('"level":"ERROR"')) continue;
          try {
            const entry = JSON.parse(line) as { message?: string; error?: { message?: string } };
            const key = `${entry.message}: ${entry.error?.message ?? ''}`.slice(0, 200);
            this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
          } catch {
            // not a log line
          }
        }
      });
    };
    countErrors(this.child.stdout!);
    countErrors(this.child.stderr!);
    let stderr = '';
    this.child.stderr!.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
    this.child.on('exit', () => {
      this.dead = true;
      this.pending?.reject(new InstanceDied(`${this.name} instance died`));
      this.pending = null;
      this.proxy.close();
      this.proxy.closeAllConnections();
    });
    this.child.on('message', (m: { id?: string; ok?: boolean; result?: unknown; error?: string }) => {
      if (!m.id || m.id !== this.pending?.id) return;
      const p = this.pending;
      this.pending = null;
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(`${this.name}: ${m.error}\n${stderr}`));
    });
    await new Promise<void>((resolve, reject) => {
      this.child.once('message', () => resolve());
      this.child.once('exit', (code) => reject(new Error(`${this.name} did not start (exit ${code}): ${stderr}`)));
    });
  }

  invoke(id: string, event: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.child.send({
        id,
        bundle: this.spec.bundle,
        exportName: this.spec.exportName,
        event,
        timeoutMs: this.spec.timeoutSeconds * 1000,
      });
    });
  }

  kill(): void {
    if (!this.dead) this.child.kill('SIGKILL');
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const toConnections = (req.url ?? '').includes('/@connections/');
    const operation = toConnections
      ? `@connections ${req.method}`
      : String(req.headers['x-amz-target'] ?? '')
          .split('.')
          .pop() || 'DynamoDB';
    const fault = this.busy ? this.faults.decide(this.name, operation) : null;
    if (fault === 'before') {
      this.faults.killed(this.name, operation, 'before');
      this.kill();
      res.destroy();
      return;
    }
    const target = new URL(req.url ?? '/', toConnections ? this.upstreams.connections : this.upstreams.dynamo);
    const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (c: Buffer) => parts.push(c));
      answer.on('end', () => {
        if (fault === 'after') {
          // The request took effect; the instance dies before it learns so.
          this.faults.killed(this.name, operation, 'after');
          this.kill();
          res.destroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        res.end(Buffer.concat(parts));
      });
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }

  async stop(): Promise<void> {
    this.kill();
    if (!this.dead) await new Promise((r) => this.child.once('exit', r));
  }
}

/** One function: its instances, scaled out up to `maxInstances`, invocations queued beyond. */
export class FunctionPool {
  private readonly instances: Instance[] = [];
  private readonly waiting: (() => void)[] = [];
  private starting = 0;
  private seq = 0;
  invocations = 0;
  coldStarts = 0;
  /** Error lines the instances logged, by message and cause. */
  readonly errors = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly spec: FunctionSpec,
    private readonly env: Record<string, string>,
    private readonly upstreams: Upstreams,
    private readonly faults: Faults,
    private readonly maxInstances: number,
  ) {}

  /** Invoke once: the handler's result, or a thrown error (the handler's, or InstanceDied). */
  async invoke(event: unknown): Promise<unknown> {
    const instance = await this.acquire();
    instance.busy = true;
    this.invocations++;
    try {
      return await instance.invoke(`${this.name}-${++this.seq}`, event);
    } finally {
      instance.busy = false;
      if (instance.dead) this.instances.splice(this.instances.indexOf(instance), 1);
      this.waiting.shift()?.();
    }
  }

  private async acquire(): Promise<Instance> {
    for (;;) {
      const idle = this.instances.find((i) => !i.busy && !i.dead);
      if (idle) return idle;
      if (this.instances.length + this.starting < this.maxInstances) {
        this.starting++;
        const instance = new Instance(this.name, this.spec, this.env, this.upstreams, this.faults, this.errors);
        try {
          await instance.start();
        } finally {
          this.starting--;
        }
        this.coldStarts++;
        this.instances.push(instance);
        continue;
      }
      await new Promise<void>((r) => this.waiting.push(r));
    }
  }

  get size(): number {
    return this.instances.length;
  }

  async stop(): Promise<void> {
    await Promise.all(this.instances.map((i) => i.stop()));
  }
}
