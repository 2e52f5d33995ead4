/**
 * WebSocket abuse at the byte level, for the hardening tests: a hand-made upgrade on a plain
 * TCP socket, frames built by hand (unmasked, invalid UTF-8, lying about their length…), and
 * the close code the server answers with.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** The upgrade request for `wsUrl` with a token, as bytes. */
export function upgradeRequest(wsUrl: string, token: string): Buffer {
  const u = new URL(wsUrl);
  return Buffer.from(
    `GET ${u.pathname}?token=${encodeURIComponent(token)} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
}

export function connectTcp(wsUrl: string): Promise<net.Socket> {
  const u = new URL(wsUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A socket past the upgrade (101 read), collecting what the server sends after it. */
export interface RawWebSocket {
  socket: net.Socket;
  /** Bytes received after the 101 response. */
  received(): Buffer;
  /** Resolves with the close code of the server's close frame, or null if the socket ended without one. */
  closed: Promise<number | null>;
}

export async function rawWebSocket(wsUrl: string, token: string): Promise<RawWebSocket> {
  const socket = await connectTcp(wsUrl);
  socket.on('error', () => undefined);
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (upgraded) return;
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString();
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
      upgraded = true;
      buffer = buffer.subarray(end + 4);
      resolve();
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed during the upgrade')));
  });
  socket.write(upgradeRequest(wsUrl, token));
  await ready;
  const closed = new Promise<number | null>((resolve) => socket.once('close', () => resolve(closeCode(buffer))));
  return { socket, received: () => buffer, closed };
}

/** The complete frames among server frames (unmasked): opcode and payload. */
function* serverFrames(bytes: Buffer): Generator<{ opcode: number; payload: Buffer }> {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2));
      header = 10;
    }
    if (at + header + length > bytes.length) return;
    yield { opcode, payload: bytes.subarray(at + header, at + header + length) };
    at += header + length;
  }
}

/** The code of the first close frame among server frames, if any (1005: a close without a code). */
export function closeCode(bytes: Buffer): number | null {
  for (const { opcode, payload } of serverFrames(bytes)) if (opcode === 0x8) return payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
  return null;
}

/** The text frames among server frames, decoded. */
export function textFrames(bytes: Buffer): string[] {
  return [...serverFrames(bytes)].filter((f) => f.opcode === 0x1).map((f) => f.payload.toString());
}

export interface FrameOptions {
  opcode?: number;
  fin?: boolean;
  /** Clients must mask; false sends the payload in the clear. */
  mask?: boolean;
  /** The length written in the header, if it should differ from the payload's. */
  declaredLength?: number;
}

/** One WebSocket frame as a client would send it. */
export function wsFrame(payload: Buffer | string, options: FrameOptions = {}): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const { opcode = 0x1, fin = true, mask = true } = options;
  const length = options.declaredLength ?? data.length;
  const head: number[] = [(fin ? 0x80 : 0) | opcode];
  const maskBit = mask ? 0x80 : 0;
  if (length < 126) head.push(maskBit | length);
  else if (length < 65536) head.push(maskBit | 126, length >> 8, length & 0xff);
  else {
    head.push(maskBit | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(length));
    head.push(...big);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), data]);
  const key = randomBytes(4);
  const masked = Buffer.from(data.map((b, i) => b ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(head), key, masked]);
}
