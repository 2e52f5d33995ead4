/**
 * Webhooks: which URLs a player may register (each refusal a sentence), the chat-shaped JSON a
 * receiver gets, the status mapping, and the send-time guard against private addresses.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../functions/core/notification';
import {
  checkWebhookUrl,
  isPrivateAddress,
  sendWebhook,
  webhookAllowList,
  webhookPayload,
} from '../../functions/adapters/channels/webhook';

const DEFAULT = webhookAllowList(undefined);

const note: Notification = {
  kind: 'yourTurn',
  gameId: 'g-1',
  game: 'vasco-da-gama',
  version: 5,
  playerId: 'p-1',
  urgent: false,
  title: 'Your turn in Vasco da Gama',
  body: 'Ana placed number 8 in Characters.',
  url: 'http://localhost:3000/games/g-1',
};

describe('webhookAllowList', () => {
  it('defaults to Discord and Slack, and WEBHOOK_ALLOW replaces the default', () => {
    expect(DEFAULT).toEqual([
      'https://discord.com/api/webhooks/',
      'https://discordapp.com/api/webhooks/',
      'https://hooks.slack.com/services/',
    ]);
    expect(webhookAllowList('')).toEqual(DEFAULT);
    expect(webhookAllowList(' https://chat.example.org/hooks/ , http://127.0.0.1:9000/h/ ,')).toEqual([
      'https://chat.example.org/hooks/',
      'http://127.0.0.1:9000/h/',
    ]);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    'https://discord.com/api/webhooks/123456/abcDEF-ghi',
    'https://DISCORD.com/api/webhooks/123456/abc?wait=true', // hosts compare case-insensitively
    'https://discord.com:443/api/webhooks/1/x', // the default port is the same URL
    'https://discordapp.com/api/webhooks/123456/abc',
    'https://hooks.slack.com/services/T000/B000/XXXX',
  ])('allows %s', (url) => {
    expect(checkWebhookUrl(url, DEFAULT)).toBeNull();
  });

  it.each([
    ['http://discord.com/api/webhooks/1/x', /Discord or Slack/], // not https
    ['https://discord.com.evil.com/api/webhooks/1/x', /Discord or Slack/],
    ['https://evil.com/https://discord.com/api/webhooks/1/x', /Discord or Slack/],
    ['https://discord.com/api/webhooks.evil.com/1/x', /Discord or Slack/], // prefix must end at a path boundary
    ['https://discord.com/api/webhooks/../../oauth2/authorize', /Discord or Slack/], // dot segments are resolved first
    ['https://discord.com/api/webhooks/%2e%2e/%2e%2e/users', /Discord or Slack/],
    ['https://discord.com:8443/api/webhooks/1/x', /Discord or Slack/],
    ['https://user:pw@discord.com/api/webhooks/1/x', /user name or password/],
    ['https://discord.com@evil.com/api/webhooks/1/x', /user name or password/],
    ['https://169.254.169.254/latest/meta-data/', /not an IP address or localhost/],
    ['https://localhost/api/webhooks/1/x', /not an IP address or localhost/],
    ['https://10.0.0.1/api/webhooks/1/x', /not an IP address or localhost/],
    ['https://[::1]/api/webhooks/1/x', /not an IP address or localhost/],
    ['https://0x7f.1/api/webhooks/1/x', /not an IP address or localhost/], // WHATWG reads it as 127.0.0.1
    ['javascript:alert(1)', /must start with https:\/\//],
    ['ftp://discord.com/api/webhooks/1/x', /must start with https:\/\//],
    ['discord.com/api/webhooks/1/x', /not a valid URL/],
  ])('refuses %s with a sentence', (url, reason) => {
    const refusal = checkWebhookUrl(url, DEFAULT);
    expect(refusal).toMatch(reason);
    expect(refusal).toMatch(/^[A-Z].*\.$/);
  });

  it('names the configured prefixes when the operator replaced the list, and says when webhooks are off', () => {
    expect(checkWebhookUrl('https://discord.com/api/webhooks/1/x', ['https://chat.example.org/hooks'])).toBe(
      'Webhooks may only point to URLs starting with https://chat.example.org/hooks.',
    );
    // Without a trailing slash the prefix still only matches whole path segments.
    expect(checkWebhookUrl('https://chat.example.org/hooks/1', ['https://chat.example.org/hooks'])).toBeNull();
    expect(checkWebhookUrl('https://chat.example.org/hookshot', ['https://chat.example.org/hooks'])).not.toBeNull();
    expect(checkWebhookUrl('https://discord.com/api/webhooks/1/x', [])).toBe('Webhooks are turned off on this server.');
  });

  it('accepts an IP or localhost URL only when a prefix names that exact host', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9000/hooks/a', ['http://127.0.0.1:9000/hooks/'])).toBeNull();
    expect(checkWebhookUrl('http://127.0.0.2:9000/hooks/a', ['http://127.0.0.1:9000/hooks/'])).toMatch(/not an IP address/);
    expect(checkWebhookUrl('http://localhost:9000/hooks/a', ['http://127.0.0.1:9000/hooks/'])).toMatch(/not an IP address or localhost/);
  });
});

describe('webhookPayload', () => {
  it('speaks Discord to Discord and Slack to Slack, without letting player names ping or link', () => {
    const n = { ...note, body: 'Player @everyone <!channel> & co moved.' };
    expect(webhookPayload('https://discord.com/api/webhooks/1/x', n)).toEqual({
      username: 'Caravela',
      content: `**${n.title}**\n${n.body}\n${n.url}`,
      allowed_mentions: { parse: [] },
    });
    expect(webhookPayload('https://canary.discord.com/api/webhooks/1/x', n)).not.toHaveProperty('text');
    expect(webhookPayload('https://hooks.slack.com/services/T/B/X', n)).toEqual({
      text: `*${n.title}*\nPlayer @everyone &lt;!channel&gt; &amp; co moved.\n${n.url}`,
    });
    const long = webhookPayload('https://discord.com/api/webhooks/1/x', { ...n, body: 'x'.repeat(5000) });
    expect((long.content as string).length).toBe(2000);
  });
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    'not-an-ip',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['162.159.128.233', '8.8.8.8', '172.32.0.1', '2606:4700::6810:1', '::ffff:8.8.8.8'])('%s is public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );

  // IPv6 forms that reach an IPv4 address, and the rest of IANA's IPv6 special-purpose registry.
  it.each([
    ['64:ff9b::a9fe:a9fe', 'NAT64 to 169.254.169.254'],
    ['64:ff9b::169.254.169.254', 'the same, dotted'],
    ['64:ff9b::7f00:1', 'NAT64 to 127.0.0.1'],
    ['64:ff9b::a00:1', 'NAT64 to 10.0.0.1'],
    ['64:ff9b:1::808:808', 'local-use NAT64: translated however the network likes'],
    ['64:ff9b:1:ffff::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 to 127.0.0.1'],
    ['2002:808:808::1', '6to4 even to a public address: relays are anyone'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'ORCHID'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:1ff:ffff::1', 'the end of the IETF protocol assignments 2001::/23'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['100::1', 'discard'],
    ['100:0:0:1::1', 'dummy prefix'],
    ['5f00::1', 'SRv6 SIDs'],
    ['fc00::1', 'unique local'],
    ['fdff:ffff::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff0e::1', 'global multicast'],
    ['4000::1', 'not allocated for global unicast'],
    ['::ffff:0:7f00:1', 'IPv4-translated (SIIT), outside 2000::/3'],
    ['192.88.99.1', '6to4 relay anycast'],
  ])('%s is private (%s)', (a) => expect(isPrivateAddress(a)).toBe(true));

  it.each([
    ['64:ff9b::808:808', 'NAT64 to 8.8.8.8: what DNS64 answers on an IPv6-only network'],
    ['64:ff9b::a29f:80e9', 'NAT64 to 162.159.128.233 (Discord)'],
    ['2001:200::1', 'just after 2001::/23'],
    ['2001:4860:4860::8888', 'Google DNS'],
    ['2620:fe::fe', 'Quad9'],
    ['2a00:1450:4001:80b::200e', 'RIPE region'],
    ['2c0f:fb50:4003::1', 'AFRINIC region'],
    ['2400:cb00::1', 'APNIC region'],
  ])('%s is public (%s)', (a) => expect(isPrivateAddress(a)).toBe(false));
});

describe('sendWebhook', () => {
  let server: Server;
  let port: number;
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body });
        res.writeHead(req.url?.includes('/deleted') ? 404 : req.url?.includes('/limited') ? 429 : 204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const allow = () => [`http://127.0.0.1:${port}/hooks/`];

  it('posts chat-shaped JSON to an explicitly allowed loopback receiver', async () => {
    await expect(sendWebhook(`http://127.0.0.1:${port}/hooks/abc?wait=true`, note, allow())).resolves.toBe('sent');
    const r = received[received.length - 1]!;
    expect(r.path).toBe('/hooks/abc?wait=true');
    expect(r.headers['content-type']).toBe('application/json');
    const content = `**${note.title}**\n${note.body}\n${note.url}`;
    // Neither Discord nor Slack by host: gets Discord's `content` and Slack's `text`.
    expect(JSON.parse(r.body)).toEqual({
      username: 'Caravela',
      content,
      allowed_mentions: { parse: [] },
      text: `*${note.title}*\n${note.body}\n${note.url}`,
    });
  });

  it("maps 404 to 'gone' and throws on other failures", async () => {
    await expect(sendWebhook(`http://127.0.0.1:${port}/hooks/deleted`, note, allow())).resolves.toBe('gone');
    await expect(sendWebhook(`http://127.0.0.1:${port}/hooks/limited`, note, allow())).rejects.toThrow(/429/);
  });

  it('re-checks the URL before sending', async () => {
    await expect(sendWebhook(`http://127.0.0.1:${port}/elsewhere`, note, allow())).rejects.toThrow(/may only point to/);
    await expect(sendWebhook('https://10.0.0.1/hooks/x', note, DEFAULT)).rejects.toThrow(/not an IP address/);
  });

  it('refuses a host NAME that resolves to a private address, even when its prefix is allowed', async () => {
    // Rule: a private address is reachable only if the matching prefix names that very address.
    // "localhost" passes the URL check (the operator listed it) but resolves to loopback.
    const byName = [`http://localhost:${port}/hooks/`];
    const url = `http://localhost:${port}/hooks/abc`;
    expect(checkWebhookUrl(url, byName)).toBeNull();
    const before = received.length;
    await expect(sendWebhook(url, note, byName)).rejects.toThrow(/resolves to the private address/);
    expect(received.length).toBe(before); // nothing was sent
  });
});
