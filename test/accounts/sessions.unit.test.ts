/**
 * Accounts against the local runtime (in-process, on the memory stores), over its HTTP routes and connections: devices
 * made by every sign-in route, refresh with rotation, v1 tokens exchanged and still working,
 * device-link codes, email sign-in links, revocation closing the device's sockets — and every
 * bad input (forged, expired or reused links and codes, another player's device ids, malformed
 * bodies) answered with its sentence while what is stored stays as it was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { ACCESS_TOKEN_SECONDS, SOCKET_TOKEN_SECONDS } from '../../functions/core/session-token';
import { REFRESH_GRACE_MS, SIGNED_OUT, SIGNED_OUT_REPLAYED, SOCKET_ONLY } from '../../functions/host/sessions';
import { CODE_EXPIRED, CODE_MALFORMED, CODE_SIGNED_OUT, CODE_UNKNOWN, DEVICE_UNKNOWN } from '../../functions/host/devices';
import { SIGNIN_LINK_EXPIRED, SIGNIN_LINK_INVALID, SIGNIN_LINK_OUTDATED, SIGNIN_LINK_USED } from '../../functions/host/signin-email';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';
import { confirmationTokens, get, post, signInLinks, signUp, type DeviceSession } from '../support/accounts';
import { storedState } from '../support/table';

let server: InProcessServer;
/** The server's clock runs this far ahead of the real one (expiries are tested by moving it). */
let offsetMs = 0;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0, now: () => new Date(Date.now() + offsetMs) });
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await server?.close();
});

const connect = async (s: { playerId: string; name: string; token: string }) => {
  const c = await Client.connect(server.wsUrl, s);
  clients.push(c);
  return c;
};
/** The HTTP status of a WebSocket upgrade with this token (200 when it connects). */
async function upgradeStatus(token: string): Promise<number> {
  try {
    const c = await Client.connect(server.wsUrl, { playerId: '', name: '', token });
    await c.close();
    return 200;
  } catch (error) {
    return Number(/refused: (\d+)/.exec((error as Error).message)?.[1] ?? 0);
  }
}
const state = () => storedState(server);
const closed = (c: Client) =>
  new Promise<void>((resolve) => (c as unknown as { ws: { once(e: string, f: () => void): void } }).ws.once('close', () => resolve()));

describe('devices and their tokens', () => {
  it('a new player signs up as a device; the access token connects, expires, and refreshes with a rotated refresh token', async () => {
    const ana = await signUp(server.url, 'Ana', "Ana's laptop");
    expect(ana).toMatchObject({ name: 'Ana', expiresIn: ACCESS_TOKEN_SECONDS });
    expect(ana.token).toMatch(/^v2\.k0\./);
    expect(ana.refreshToken).toMatch(new RegExp(`^r1\\.${ana.playerId}\\.${ana.deviceId}\\.`));
    const client = await connect(ana);
    const list = await client.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'myDevices' });
    expect(list.devices).toEqual([
      expect.objectContaining({ deviceId: ana.deviceId, label: "Ana's laptop", method: 'name', current: true }),
    ]);
    expect(list).toMatchObject({ passkeys: [], signInEmail: null });

    offsetMs = ACCESS_TOKEN_SECONDS * 1000;
    expect(await upgradeStatus(ana.token)).toBe(401);
    const refreshed = await post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: ana.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ playerId: ana.playerId, name: 'Ana', deviceId: ana.deviceId });
    expect(refreshed.body.refreshToken).not.toBe(ana.refreshToken);
    expect(await upgradeStatus(refreshed.body.token)).toBe(200);

    // The replaced refresh token once more, soon after (its successor's answer lost): it still works, once.
    const again = await post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: ana.refreshToken });
    expect(again.status).toBe(200);
    offsetMs += REFRESH_GRACE_MS + 1000;
    // A token that was never the device's is refused and changes nothing (nobody signs a device out by guessing).
    const before = await state();
    const made = `${ana.refreshToken.slice(0, ana.refreshToken.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect(await post(server.url, '/api/session/refresh', { refreshToken: made })).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: SIGNED_OUT },
    });
    expect(await state()).toBe(before);
    expect((await post(server.url, '/api/session/refresh', { refreshToken: again.body.refreshToken })).status).toBe(200);
    offsetMs = 0;
  });

  it('the socket token opens a WebSocket for a month without a refresh, and nothing else; never for a revoked device', async () => {
    const ana = await signUp(server.url, 'Ana-socket', "Ana's phone");
    expect(ana).toMatchObject({ socketExpiresIn: SOCKET_TOKEN_SECONDS });
    expect(ana.socketToken).toMatch(/^w2\.k0\./);
    // Weeks later: the access token is long expired, the socket token still connects, and the device's refresh token was never used.
    offsetMs = (SOCKET_TOKEN_SECONDS - 60) * 1000;
    expect(await upgradeStatus(ana.token)).toBe(401);
    expect(await upgradeStatus(ana.socketToken)).toBe(200);
    const client = await connect({ ...ana, token: ana.socketToken });
    expect(await client.request({ action: 'myDevices' })).toMatchObject({ type: 'devices' });
    // It is no access token: the HTTP routes refuse it, saying which token they want.
    expect(await get(server.url, '/api/games/any/replay', ana.socketToken)).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: SOCKET_ONLY },
    });
    // A month on it has expired; the refresh (still the first one) answers a new one.
    offsetMs = SOCKET_TOKEN_SECONDS * 1000;
    expect(await upgradeStatus(ana.socketToken)).toBe(401);
    const refreshed = await post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: ana.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(await upgradeStatus(refreshed.body.socketToken)).toBe(200);
    // Revoked from another device: the socket token opens nothing, though its month is not over.
    const other = await connect(refreshed.body);
    const code = await other.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    const laptop = (await post<DeviceSession>(server.url, '/api/signin/code', { code: code.code, label: "Ana's laptop" })).body;
    await (await connect(laptop)).request({ action: 'revokeDevice', deviceId: ana.deviceId });
    expect(await upgradeStatus(refreshed.body.socketToken)).toBe(401);
    offsetMs = 0;
  });

  it('a v1 token keeps working and is exchanged for a device; the replay route takes either token', async () => {
    const bruno = await register(server.url, 'Bruno');
    expect(bruno.token).toMatch(/^v1\./);
    const upgraded = await post<DeviceSession>(server.url, '/api/session/upgrade', { label: "Bruno's phone" }, bruno.token);
    expect(upgraded.status).toBe(201);
    expect(upgraded.body).toMatchObject({ playerId: bruno.playerId, name: 'Bruno' });
    expect(await upgradeStatus(bruno.token)).toBe(200);
    const client = await connect(upgraded.body);
    const list = await client.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'myDevices' });
    expect(list.devices.map((d) => [d.label, d.method, d.current])).toEqual([["Bruno's phone", 'upgrade', true]]);
    const created = await client.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    for (const token of [bruno.token, upgraded.body.token])
      expect(await get(server.url, `/api/games/${created.gameId}/replay`, token)).toMatchObject({
        status: 200,
        body: { gameId: created.gameId, status: 'open', you: 0 },
      });

    const before = await state();
    expect(await post(server.url, '/api/session/upgrade', {}, upgraded.body.token)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await post(server.url, '/api/session/upgrade', {}, `${bruno.token.slice(0, -3)}AAA`)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await post(server.url, '/api/session/upgrade', {})).toMatchObject({ status: 401 });
    expect(await post(server.url, '/api/session/refresh', { refreshToken: 'r1.x.y.z' })).toMatchObject({
      status: 401,
      body: { message: SIGNED_OUT },
    });
    expect(await post(server.url, '/api/session/refresh', { refreshToken: 'nonsense' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
    expect(await post(server.url, '/api/session/refresh', '[1]')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await post(server.url, '/api/session/refresh', 'not json')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await upgradeStatus('v2.k0.e30.x')).toBe(401);
    expect(await state()).toBe(before);

    // Revoking the device the v1 token was exchanged for ends the v1 token: on connecting, on the replay route, on exchanging.
    const other = await post<DeviceSession>(server.url, '/api/session/upgrade', { label: "Bruno's tablet" }, bruno.token);
    const onTablet = await connect(other.body);
    expect(await onTablet.request({ action: 'revokeDevice', deviceId: upgraded.body.deviceId })).toMatchObject({ type: 'devices' });
    expect(await upgradeStatus(bruno.token)).toBe(401);
    expect(await get(server.url, `/api/games/${created.gameId}/replay`, bruno.token)).toMatchObject({ status: 401 });
    expect(await post(server.url, '/api/session/upgrade', {}, bruno.token)).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'That player token is not valid; sign in again.' },
    });
    // The tablet, a device of its own, goes on.
    expect(await onTablet.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await upgradeStatus(other.body.token)).toBe(200);
  });
});

describe('device-link codes', () => {
  it('a code shown on one device signs another in as the same player, once; expired, reused, malformed and made-up codes are refused', async () => {
    const carla = await signUp(server.url, 'Carla');
    const laptop = await connect(carla);
    const shown = await laptop.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    expect(shown.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(Date.parse(shown.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    // A code tried is counted against its network (the guessing limit), and nothing else is kept.
    const withoutTries = () => storedState(server, { networkUses: false });
    const before = await withoutTries();
    for (const [code, message] of [
      ['ABC', CODE_MALFORMED],
      ['0000-0000', CODE_MALFORMED],
      ['2222-2222', CODE_UNKNOWN],
    ] as const) {
      expect(await post(server.url, '/api/signin/code', { code }), code).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message } });
    }
    expect(await post(server.url, '/api/signin/code', { code: 12345678 })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await withoutTries()).toBe(before);

    // Typed in small letters with a space: the same code.
    const phone = await post<DeviceSession>(server.url, '/api/signin/code', {
      code: shown.code.toLowerCase().replace('-', ' '),
      label: "Carla's phone",
    });
    expect(phone.status).toBe(201);
    expect(phone.body).toMatchObject({ playerId: carla.playerId, name: 'Carla' });
    expect(phone.body.deviceId).not.toBe(carla.deviceId);
    const afterUse = await withoutTries();
    expect(await post(server.url, '/api/signin/code', { code: shown.code })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: CODE_UNKNOWN },
    });

    const late = await laptop.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    offsetMs = 10 * 60_000 + 1000;
    const beforeLate = await withoutTries();
    expect(await post(server.url, '/api/signin/code', { code: late.code })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: CODE_EXPIRED },
    });
    expect(await withoutTries()).toBe(beforeLate);
    offsetMs = 0;
    expect(afterUse).not.toBe(before);
  });
});

describe('a refresh token used twice', () => {
  const refresh = (token: string) => post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: token });
  const replayed = { status: 401, body: { code: 'UNAUTHORIZED', message: SIGNED_OUT_REPLAYED } };

  it('works once more within the grace, then signs the device out: its sockets closed, its player told on the devices screen', async () => {
    const nia = await signUp(server.url, 'Nia', "Nia's laptop");
    const laptop = await connect(nia);
    const code = await laptop.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    const phone = (await post<DeviceSession>(server.url, '/api/signin/code', { code: code.code, label: "Nia's phone" })).body;
    const onPhone = await connect(phone);

    const r1 = await refresh(nia.refreshToken);
    expect(r1.status).toBe(200);
    // A copy of the first token, used within the grace, gets one answer (the client whose answer was lost)…
    const copy = await refresh(nia.refreshToken);
    expect(copy.status).toBe(200);
    // …and never another: it was used twice, so the device is signed out, for the copy's holder and the laptop alike.
    const gone = closed(laptop);
    expect(await refresh(nia.refreshToken)).toEqual(replayed);
    await gone;
    expect(await refresh(copy.body.refreshToken)).toMatchObject({ status: 401, body: { message: SIGNED_OUT } });
    expect(await refresh(r1.body.refreshToken)).toMatchObject({ status: 401, body: { message: SIGNED_OUT } });
    expect(await upgradeStatus(copy.body.token)).toBe(401);

    const list = await onPhone.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'myDevices' });
    expect(list.devices.map((d) => d.label)).toEqual(["Nia's phone"]);
    expect(list.signedOut).toEqual([{ label: "Nia's laptop", at: expect.any(String), reason: 'refreshReused' }]);
  });

  it('sent eight times at once gets two answers at most (the token and its grace), and signs the device out', async () => {
    const omar = await signUp(server.url, 'Omar');
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(omar.refreshToken)));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(2);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(6);
    expect(answers.some((a) => a.body.message === SIGNED_OUT_REPLAYED)).toBe(true);
    for (const a of answers.filter((x) => x.status === 200)) expect((await refresh(a.body.refreshToken)).status).toBe(401);
  });
});

describe('revoking a device', () => {
  it("closes its sockets, refuses its token and its refresh; another player's device ids are not found and change nothing", async () => {
    const dora = await signUp(server.url, 'Dora', "Dora's desktop");
    const desktop = await connect(dora);
    const code = await desktop.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    const tablet = (await post<DeviceSession>(server.url, '/api/signin/code', { code: code.code, label: "Dora's tablet" })).body;
    const onTablet = await connect(tablet);
    const eve = await signUp(server.url, 'Eve');
    const eveClient = await connect(eve);

    const list = await onTablet.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'myDevices' });
    expect(list.devices.map((d) => [d.label, d.current])).toEqual([
      ["Dora's tablet", true],
      ["Dora's desktop", false],
    ]);

    const before = await state();
    for (const deviceId of [dora.deviceId, 'no-such-device']) {
      expect(await eveClient.request({ action: 'revokeDevice', deviceId })).toMatchObject({
        type: 'error',
        code: 'NOT_FOUND',
        message: DEVICE_UNKNOWN,
      });
    }
    expect(await eveClient.request({ action: 'revokeDevice', deviceId: '' })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    expect(await eveClient.request({ action: 'removePasskey', credentialId: 'nope' })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await state()).toBe(before);

    const gone = closed(desktop);
    const answer = await onTablet.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'revokeDevice', deviceId: dora.deviceId });
    expect(answer.devices.map((d) => d.label)).toEqual(["Dora's tablet"]);
    await gone;
    expect(await upgradeStatus(dora.token)).toBe(401);
    expect(await post(server.url, '/api/session/refresh', { refreshToken: dora.refreshToken })).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: SIGNED_OUT },
    });
    expect(await onTablet.request({ action: 'revokeDevice', deviceId: dora.deviceId })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    // A code the revoked device showed before it went no longer signs anyone in.
    const shownBefore = await signUp(server.url, 'Fern');
    const fernDesk = await connect(shownBefore);
    const fernCode = await fernDesk.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    const fernPhone = (
      await post<DeviceSession>(server.url, '/api/signin/code', {
        code: (await fernDesk.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' })).code,
      })
    ).body;
    await (await connect(fernPhone)).request({ action: 'revokeDevice', deviceId: shownBefore.deviceId });
    expect(await post(server.url, '/api/signin/code', { code: fernCode.code })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: CODE_SIGNED_OUT },
    });
    // The tablet and Eve are untouched.
    expect(await onTablet.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await upgradeStatus(eve.token)).toBe(200);
  });
});

describe('email sign-in links', () => {
  it('mail a single-use, 15-minute link to a confirmed address only; forged, expired, reused and outdated links are refused', async () => {
    const fia = await signUp(server.url, 'Fia');
    const client = await connect(fia);
    await client.request({
      action: 'setNotifications',
      settings: { webPush: [], webhook: null, email: 'Fia@Example.com', quietHours: null },
    });

    // Not confirmed yet: the same answer, no mail.
    // The answer, once the stream has answered the ask (it mails the link).
    const ask = async (email: string) => {
      const answer = await post(server.url, '/api/signin/email', { email });
      await server.notified();
      return answer;
    };
    expect((await ask('fia@example.com')).status).toBe(202);
    expect(signInLinks(server.outboxDir)).toHaveLength(0);
    const confirm = confirmationTokens(server.outboxDir).at(-1)!;
    expect((await post(server.url, '/api/email/confirm', { token: confirm })).status).toBe(200);

    const before = await state();
    const nobody = await ask('nobody@example.com');
    expect(nobody).toEqual({
      status: 202,
      body: { message: expect.stringMatching(/^If a player confirmed this address, a sign-in link is on its way/) },
    });
    expect(await ask('not an address')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(signInLinks(server.outboxDir)).toHaveLength(0);
    expect(await state()).toBe(before);

    expect(await ask('FIA@example.COM')).toEqual(nobody);
    const [link] = signInLinks(server.outboxDir);
    expect(link).toMatch(/^s1\./);
    const opened = await post<DeviceSession>(server.url, '/api/signin/email/open', { token: link, label: "Fia's phone" });
    expect(opened).toMatchObject({ status: 201, body: { playerId: fia.playerId, name: 'Fia' } });
    const list = await client.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'myDevices' });
    expect(list.signInEmail).toBe('Fia@Example.com');
    expect(list.devices.map((d) => d.method).sort()).toEqual(['email', 'name']);

    const afterOpen = await state();
    expect(await post(server.url, '/api/signin/email/open', { token: link })).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: SIGNIN_LINK_USED },
    });
    const forged = link!.replace(
      /\.[^.]+\.([^.]+)$/,
      (_m, sig: string) =>
        `.${Buffer.from(JSON.stringify({ p: fia.playerId, e: 'fia@example.com', j: 'x', i: 0, x: 9e9 })).toString('base64url')}.${sig}`,
    );
    expect(await post(server.url, '/api/signin/email/open', { token: forged })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: SIGNIN_LINK_INVALID },
    });
    expect(await post(server.url, '/api/signin/email/open', { token: 'e1.x.y' })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: SIGNIN_LINK_INVALID },
    });
    expect(await state()).toBe(afterOpen);

    await ask('fia@example.com');
    const second = signInLinks(server.outboxDir)[1]!;
    offsetMs = 15 * 60_000;
    expect(await post(server.url, '/api/signin/email/open', { token: second })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: SIGNIN_LINK_EXPIRED },
    });
    offsetMs = 0;

    // A third link is the hour's last; the address then changes, so that link no longer signs in.
    await ask('fia@example.com');
    await ask('fia@example.com');
    expect(signInLinks(server.outboxDir)).toHaveLength(3);
    await client.request({
      action: 'setNotifications',
      settings: { webPush: [], webhook: null, email: 'fia@elsewhere.org', quietHours: null },
    });
    const beforeOutdated = await state();
    expect(await post(server.url, '/api/signin/email/open', { token: signInLinks(server.outboxDir)[2]! })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: SIGNIN_LINK_OUTDATED },
    });
    expect(await state()).toBe(beforeOutdated);
  });
});

describe('device-link codes typed from one network', () => {
  it('are tried at most 30 an hour, right or wrong; beyond, 429 without looking at the code, and other networks go on', async () => {
    const from = (ip: string) => ({ 'x-inproc-source-ip': ip });
    const guesses = Array.from({ length: 40 }, (_, i) => `ABCD${String(2222 + i * 7).replace(/[01]/g, '2')}`);
    const answers = [];
    for (const code of guesses) answers.push(await post(server.url, '/api/signin/code', { code }, undefined, from('203.0.113.7')));
    expect(answers.slice(0, 30).every((a) => a.status === 400 && a.body.message === CODE_UNKNOWN)).toBe(true);
    expect(answers.slice(30).map((a) => a.status)).toEqual(Array(10).fill(429));
    expect(answers[30]!.body).toEqual({
      code: 'RATE_LIMITED',
      message:
        'At most 30 device codes may be tried from one network an hour; check the code your signed-in device shows. Try again in 60 minutes.',
      retryAfterMs: expect.any(Number),
    });
    // A right code from there is refused too, and stays usable from elsewhere; one IPv6 /64 is one network.
    const mo = await signUp(server.url, 'Mo');
    const shown = await (await connect(mo)).request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    expect((await post(server.url, '/api/signin/code', { code: shown.code }, undefined, from('203.0.113.7'))).status).toBe(429);
    for (let i = 0; i < 30; i++)
      await post(server.url, '/api/signin/code', { code: guesses[i] }, undefined, from(`2001:db8:1:2::${i + 1}`));
    expect((await post(server.url, '/api/signin/code', { code: shown.code }, undefined, from('2001:db8:1:2:ffff::9'))).status).toBe(429);
    expect(await post(server.url, '/api/signin/code', { code: shown.code }, undefined, from('203.0.113.8'))).toMatchObject({
      status: 201,
      body: { playerId: mo.playerId },
    });
  });
});

describe('passkey sign-ins begun from one network', () => {
  it('store at most 60 challenges an hour; beyond, 429 and nothing stored, and other networks go on', async () => {
    const from = (ip: string) => ({ 'x-inproc-source-ip': ip });
    const begin = (ip: string) => post(server.url, '/api/signin/passkey/options', {}, undefined, from(ip));
    for (let i = 0; i < 60; i++) expect((await begin('198.51.100.4')).status).toBe(200);
    const before = await state();
    expect(await begin('198.51.100.4')).toMatchObject({
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^At most 60 passkey sign-ins may be begun from one network an hour\. Try again in/),
      },
    });
    expect(await state()).toBe(before);
    expect((await begin('198.51.100.5')).status).toBe(200);
  });
});

describe('confirmation emails to one address', () => {
  it('go out at most 3 an hour whoever asks: five new accounts naming one stranger, each asking twice more, mail them 3', async () => {
    const victim = 'stranger@example.net';
    const mailsTo = () =>
      readdirSync(server.outboxDir).filter(
        (f) => f.includes('confirm-email') && readFileSync(path.join(server.outboxDir, f), 'utf8').includes(`To: ${victim}`),
      ).length;
    const answers: ServerFrame[] = [];
    for (const name of ['Hugo', 'Ines', 'Joao', 'Katia', 'Luis']) {
      const client = await connect(await signUp(server.url, name));
      const settings = { webPush: [], webhook: null, email: victim, quietHours: null };
      answers.push(await client.requestOnce({ action: 'setNotifications', settings }));
      for (const _ of [1, 2]) answers.push(await client.requestOnce({ action: 'setNotifications', settings, resendConfirmation: true }));
      // A refused address is not kept: the account has no address, and nothing was counted against it.
      const mine = await client.requestOnce<Extract<ServerFrame, { type: 'notifications' }>>({ action: 'getNotifications' });
      if (answers.at(-3)!.type === 'error') expect(mine).toMatchObject({ settings: { email: null } });
    }
    expect(mailsTo()).toBe(3);
    const refused = answers.filter((a) => a.type === 'error');
    expect(refused).toHaveLength(12);
    expect(refused[0]).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^At most 3 confirmation emails an hour go to one address, and stranger@example\.net had them; .* Try again in 60 minutes\.$/,
      ),
    });
  });
});

describe('passkey routes, refused', () => {
  it('need a signed-in device to add one; answers to no open challenge, and malformed answers, are refused and change nothing', async () => {
    const gil = await signUp(server.url, 'Gil');
    const options = await post<{
      challenge: string;
      rp: { id: string };
      user: { name: string };
      authenticatorSelection: { residentKey: string };
    }>(server.url, '/api/passkeys/options', {}, gil.token);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'Gil' },
      authenticatorSelection: { residentKey: 'required' },
    });

    const before = await state();
    expect(await post(server.url, '/api/passkeys/options', {})).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await post(server.url, '/api/passkeys', { response: {} }, 'v2.k0.e30.x')).toMatchObject({ status: 401 });
    const clientData = (challenge: string) =>
      Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin: 'http://localhost' })).toString('base64url');
    const madeUp = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: clientData('A'.repeat(43)), attestationObject: 'AA' },
    };
    expect(await post(server.url, '/api/passkeys', { response: madeUp }, gil.token)).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'This passkey request has expired or was answered already; try again.' },
    });
    expect(await post(server.url, '/api/passkeys', { response: 'nothing' }, gil.token)).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
    expect(
      await post(server.url, '/api/signin/passkey', { response: { ...madeUp, response: { ...madeUp.response, userHandle: 'eA' } } }),
    ).toMatchObject({ status: 400 });
    expect(await post(server.url, '/api/signin/passkey', 'not json')).toMatchObject({ status: 400 });
    expect(await state()).toBe(before);

    // A real challenge with a forged answer: refused by the check, and the challenge is used up.
    const forged = { ...madeUp, response: { ...madeUp.response, clientDataJSON: clientData(options.body.challenge) } };
    expect(await post(server.url, '/api/passkeys', { response: forged }, gil.token)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^The passkey's answer was refused: /) },
    });
    expect(await post(server.url, '/api/passkeys', { response: forged }, gil.token)).toMatchObject({
      status: 400,
      body: { message: 'This passkey request has expired or was answered already; try again.' },
    });

    // A revoked device cannot add one in its token's last minutes.
    const other = await connect(gil);
    await other.request({ action: 'revokeDevice', deviceId: gil.deviceId });
    expect(await post(server.url, '/api/passkeys/options', {}, gil.token)).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: SIGNED_OUT },
    });
  });
});

describe('tokens naming a key id', () => {
  it('refuses one that names an Object.prototype member as any unknown key: 401 or 400, never a failure', async () => {
    const ana = await signUp(server.url, 'Ana Kid');
    const payload = Buffer.from(JSON.stringify({ p: ana.playerId, n: 'Ana Kid', d: ana.deviceId, i: 0, x: 4_000_000_000 })).toString(
      'base64url',
    );
    for (const kid of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const access = `v2.${kid}.${payload}.AAAA`;
      expect(await upgradeStatus(access)).toBe(401);
      expect((await get(server.url, '/api/games/g/replay', access)).status).toBe(401);
      expect((await post(server.url, '/api/signin/email/open', { token: `s1.${kid}.${payload}.AAAA` })).body).toMatchObject({
        code: 'BAD_REQUEST',
        message: SIGNIN_LINK_INVALID,
      });
    }
  });
});
