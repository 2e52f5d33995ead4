/**
 * VAPID keys as an app holds them (functions/adapters/vapid.ts): keys given are used as they are;
 * without keys Web Push is off, and an app does not ask again for five minutes (an operator may
 * add them to the secret later).
 */
import { describe, expect, it } from 'vitest';
import { requestHandlerFor } from '../../functions/adapters/aws';
import { VapidKeySource } from '../../functions/adapters/vapid';

const aws = { region: 'us-east-1', requestHandler: requestHandlerFor(false) };

describe('the VAPID keys', () => {
  it('are the keys given, with their subject', async () => {
    const keys = { publicKey: 'BPub', privateKey: 'priv', subject: 'mailto:ops@example.org' };
    const source = new VapidKeySource(keys, aws);
    expect(await source.keys()).toEqual(keys);
    expect(await source.publicKey()).toBe('BPub');
  });

  it('are none without a source: Web Push is off, and the browser is given no key', async () => {
    const source = new VapidKeySource(null, aws);
    expect(await source.keys()).toBeNull();
    expect(await source.publicKey()).toBeNull();
  });
});
