/**
 * Asking for an email sign-in link does the same work for every address before it answers —
 * one write noting the ask — so neither the answer nor the time it takes tells whether a player
 * signs in with the address. Looking the address up and mailing happen after, in the stream's
 * reaction to the ask (host/signin-links.ts), once per ask.
 */
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../functions/adapters/channels/email';
import { memoryStores } from '../../functions/adapters/memory';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { emailSignIn } from '../../functions/app/mail';
import { signInLinks } from '../../functions/app/signin-links';
import { MemoryStream } from '../../functions/adapters/memory/stream';
import type { SignInAsk } from '../../functions/stores/accounts';

/** An app on memory stores whose accounts and players record every call, and a mailer that records every mail. */
function recordedApp() {
  const stream = new MemoryStream();
  const stores = memoryStores({ stream });
  const calls: string[] = [];
  for (const [name, store] of [
    ['accounts', stores.accounts],
    ['players', stores.players],
  ] as const) {
    const target = store as unknown as Record<string, unknown>;
    for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(store))) {
      const original = target[method];
      if (method === 'constructor' || typeof original !== 'function') continue;
      target[method] = (...args: unknown[]) => {
        calls.push(`${name}.${method}`);
        return (original as (...a: unknown[]) => unknown).apply(store, args);
      };
    }
  }
  const mails: { to: string; mail: Mail }[] = [];
  const app = createApp({
    config: configFromEnv({ TABLE_NAME: 'caravela', CARAVELA_SECRET: 'a secret for these tests only, long enough' }),
    now: () => new Date('2026-11-27T01:00:00.000Z'),
    ids: randomIds,
    stores,
    mailer: {
      send: async (to, mail) => {
        mails.push({ to, mail });
        return 'sent';
      },
    },
  });
  const asks = () => stream.read(0, 100).map((r) => r.item as unknown as SignInAsk & { kind: string });
  return { app, stores, calls, mails, asks };
}

/** A player who signs in with `email` (confirmed in their settings). */
async function withAddress(stores: ReturnType<typeof memoryStores>, email: string): Promise<string> {
  const playerId = 'p-fia';
  await stores.players.putPlayer(playerId, 'Fia');
  await stores.players.updateSettings(playerId, (r) => ({
    ...r,
    settings: { ...r.settings, email },
    confirmedEmail: email,
  }));
  await stores.accounts.setEmailAccount(email, playerId);
  return playerId;
}

describe('asking for an email sign-in link', () => {
  it('does the same work for an address with a player as for one without, and mails nothing before the answer', async () => {
    const { app, stores, calls, mails, asks } = recordedApp();
    await withAddress(stores, 'fia@example.com');
    calls.length = 0;
    await app.get(emailSignIn).request('Fia@Example.com ');
    const known = calls.splice(0);
    await app.get(emailSignIn).request('nobody@example.com');
    const unknown = calls.splice(0);
    expect(known).toEqual(['accounts.askSignInLink']);
    expect(unknown).toEqual(known);
    expect(mails).toEqual([]);
    expect(asks()).toEqual([
      { kind: 'signInAsk', email: 'fia@example.com', at: '2026-11-27T01:00:00.000Z' },
      { kind: 'signInAsk', email: 'nobody@example.com', at: '2026-11-27T01:00:00.000Z' },
    ]);
  });

  it('is answered by the stream: a link to the confirmed address, nothing to an unknown one, once per ask', async () => {
    const { app, stores, mails, asks } = recordedApp();
    const playerId = await withAddress(stores, 'fia@example.com');
    await app.get(emailSignIn).request('fia@example.com');
    await app.get(emailSignIn).request('nobody@example.com');
    const links = app.get(signInLinks);
    for (const ask of [...asks(), ...asks()]) await links.send(ask); // each record delivered twice
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'fia@example.com', mail: { subject: 'Your Caravela sign-in link', playerId } });
    expect(mails[0]!.mail.text).toMatch(/#\/signin\/s1\./);
  });
});
