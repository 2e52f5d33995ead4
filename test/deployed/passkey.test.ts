/**
 * Passkeys on the deployed stack (see harness.ts): the Passkey function's own bundle — the
 * WebAuthn library as esbuild shook it — adds a passkey to a player's account and signs a new
 * device in with it, answered by a software authenticator (test/support/authenticator.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwarePasskey } from '../support/authenticator';
import { startHarness, type Harness } from './harness';
import { Person, registerPlayer } from './player';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    faults: { decide: () => null, killed: () => undefined },
    scheduleEveryMs: 60_000,
    maxInstances: 1,
    settings: {},
  });
}, 180_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${h.gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('passkeys on the deployed stack', () => {
  it('adds a passkey to a signed-in player and signs a new device in with it, once per challenge', async () => {
    const ana = await registerPlayer(h.gateway.url, 'Ana', 'Laptop');
    // The origin the server expects: its public URL, a loopback address named `localhost` (browsers refuse an IP).
    const origin = new URL(h.gateway.url);
    origin.hostname = 'localhost';
    const passkey = new SoftwarePasskey(origin.origin);

    const options = await post<{ challenge: string; rp: { id: string } }>('/api/passkeys/options', {}, ana.token);
    expect(options).toMatchObject({ status: 200, body: { rp: { id: 'localhost' } } });
    const added = await post('/api/passkeys', { response: passkey.create(options.body), label: 'Phone' }, ana.token);
    expect(added).toEqual({ status: 201, body: { credentialId: passkey.credentialId.toString('base64url'), label: 'Phone' } });

    const signIn = await post<{ challenge: string; rpId: string }>('/api/signin/passkey/options', {});
    expect(signIn.status).toBe(200);
    const answer = passkey.get(signIn.body, ana.playerId);
    const session = await post<{ playerId: string; name: string; token: string }>('/api/signin/passkey', { response: answer });
    expect(session).toMatchObject({ status: 201, body: { playerId: ana.playerId, name: 'Ana' } });
    // The new device's token opens a connection.
    const device = new Person({ playerId: ana.playerId, name: 'Ana', token: session.body.token }, h.gateway.wsUrl);
    await device.connect();
    await device.close();

    // The same answer again: its challenge is used up.
    expect(await post('/api/signin/passkey', { response: answer })).toMatchObject({
      status: 400,
      body: { message: 'This passkey request has expired or was answered already; try again.' },
    });
  }, 120_000);
});
