/**
 * Chat webhooks (Discord, Slack). The URL comes from a player, so the server must not become a
 * proxy into its own network (SSRF): only allow-listed URL prefixes, no IP literals or localhost
 * unless the operator names them, and every resolved address checked and then pinned for the
 * connection so a second DNS answer cannot swap in an internal address (DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Delivery, Notification } from '../../core/notification';

const DEFAULT_ALLOW = ['https://discord.com/api/webhooks/', 'https://discordapp.com/api/webhooks/', 'https://hooks.slack.com/services/'];
const TIMEOUT_MS = 10_000;
/** Discord refuses `content` longer than 2000 characters. */
const DISCORD_MAX = 2000;

/** The allowed URL prefixes: `WEBHOOK_ALLOW` (comma-separated) replaces the Discord/Slack default when set. */
export function webhookAllowList(env: string | undefined): string[] {
  if (env === undefined || env.trim() === '') return [...DEFAULT_ALLOW];
  return env
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Null when the URL may be used, else a sentence for the player saying what to change. */
export function checkWebhookUrl(url: string, allow: string[]): string | null {
  const u = parseUrl(url);
  if (!u) return 'That is not a valid URL: paste the whole webhook URL, starting with https://.';
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `Webhook URLs must start with https://, not ${u.protocol}.`;
  if (u.username || u.password) return 'The webhook URL must not contain a user name or password.';
  if (allow.length === 0) return 'Webhooks are turned off on this server.';
  const prefix = matchingPrefix(u, allow);
  // Exact host matching already keeps IP literals out unless a prefix names them; this only gives
  // the player a precise reason instead of the generic one.
  const hostListed = allow.some((p) => parseUrl(p)?.hostname === u.hostname);
  if (!prefix && !hostListed && isLocalOrIpHost(u.hostname))
    return 'Webhook URLs must use a public host name, not an IP address or localhost.';
  if (!prefix) return `Webhooks may only point to ${describe(allow)}.`;
  return null;
}

/**
 * Whether an address must never be reached from a player-supplied URL. IPv6 must be global
 * unicast (2000::/3) outside the special-purpose ranges; an IPv4-mapped (::ffff:a.b.c.d) or
 * NAT64 well-known-prefix (64:ff9b::a.b.c.d) address is judged by the IPv4 address it reaches.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return true; // e.g. with a zone (fe80::1%eth0): link-local anyway
  const v4 = embeddedIPv4(groups);
  if (v4) return PRIVATE.check(v4, 'ipv4');
  const canonical = groups.map((g) => g.toString(16)).join(':');
  return !GLOBAL_UNICAST.check(canonical, 'ipv6') || PRIVATE.check(canonical, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (URL's parser does the expanding), or null. */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1); // canonical: lower-case hex, one "::" at most
  } catch {
    return null;
  }
  const [head = '', tail] = host.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address inside ::ffff:0:0/96 (mapped) or 64:ff9b::/96 (NAT64, RFC 6052), else null. */
function embeddedIPv4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

export async function sendWebhook(url: string, n: Notification, allow: string[]): Promise<Delivery> {
  const refusal = checkWebhookUrl(url, allow);
  if (refusal) throw new Error(refusal);
  const u = new URL(url);
  const prefix = matchingPrefix(u, allow)!;
  const host = bare(u.hostname);

  const addresses = await dnsLookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`Webhook host ${host} does not resolve`);
  // A private address is only reachable when the matching prefix pins that very address
  // (e.g. http://127.0.0.1:8080/hooks/ for a local test receiver). A *name* never unlocks
  // private addresses: what it resolves to can change after the operator wrote the list.
  const pinned = isIP(bare(prefix.hostname)) ? bare(prefix.hostname) : null;
  for (const a of addresses) {
    if (isPrivateAddress(a.address) && !(pinned && sameAddress(a.address, pinned))) {
      throw new Error(`Refusing to call webhook host ${host}: it resolves to the private address ${a.address}.`);
    }
  }

  const body = Buffer.from(JSON.stringify(webhookPayload(url, n)));
  const status = await post(u, host, addresses, body);
  if (status >= 200 && status < 300) return 'sent';
  // Discord and Slack answer 404 (Slack also 410) once the webhook was deleted: drop it.
  if (status === 404 || status === 410) return 'gone';
  throw new Error(`Webhook answered ${status}`);
}

function isDiscord(host: string): boolean {
  return /(^|\.)discord(app)?\.com$/.test(host);
}

/** The JSON body for a webhook URL: Discord's shape, Slack's, or both for any other receiver. */
export function webhookPayload(url: string, n: Notification): Record<string, unknown> {
  const host = new URL(url).hostname;
  const content = `**${n.title}**\n${n.body}\n${n.url}`.slice(0, DISCORD_MAX);
  // Slack reads <…> as links and mentions (<!channel>); its docs ask to escape these three.
  const text = `*${n.title}*\n${n.body}\n${n.url}`.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // Titles and bodies carry player names; "@everyone" as a name must not ping a whole server.
  const discord = { username: 'Caravela', content, allowed_mentions: { parse: [] } };
  if (isDiscord(host)) return discord;
  if (host === 'hooks.slack.com') return { text };
  return { ...discord, text };
}

// IANA special-purpose ranges (IPv4 and IPv6 registries) that are not the public internet.
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
// IPv6, after IANA's registry. 64:ff9b::/96 (NAT64, what DNS64 answers on IPv6-only networks) and
// ::ffff:0:0/96 (mapped) are not here: isPrivateAddress judges them by the IPv4 address inside.
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48], // local-use NAT64: translated however that network chooses
  ['100::', 64], // discard
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32 (tunnels to any IPv4 address), benchmarking 2001:2::/48, ORCHID 2001:10::/28, ORCHIDv2 2001:20::/28, DETs 2001:30::/28, anycast services
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (tunnels to the IPv4 address in bits 16–47, e.g. 2002:7f00:1:: = 127.0.0.1)
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 segment identifiers
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}
// Only 2000::/3 is allocated for global unicast; the rest is reserved, refused whatever IANA adds there later.
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** URL keeps IPv6 literals in brackets; DNS and BlockList want them bare. */
function bare(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

function isLocalOrIpHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return isIP(bare(h)) !== 0 || h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain';
}

function sameAddress(a: string, b: string): boolean {
  const list = new BlockList();
  list.addAddress(b, isIP(b) === 4 ? 'ipv4' : 'ipv6');
  return list.check(a, isIP(a) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The first allow-list prefix the (normalised) URL falls under: same scheme, exact host and port,
 * and a path that continues the prefix's path at a segment boundary, so neither
 * discord.com.evil.com nor /api/webhooks.evil pass for discord.com/api/webhooks.
 */
function matchingPrefix(u: URL, allow: string[]): URL | null {
  for (const raw of allow) {
    const p = parseUrl(raw);
    if (!p || p.username || p.password) continue;
    if (p.protocol !== u.protocol || p.hostname !== u.hostname || p.port !== u.port) continue;
    const base = p.pathname.endsWith('/') ? p.pathname : `${p.pathname}/`;
    if (u.pathname === p.pathname || u.pathname.startsWith(base)) return p;
  }
  return null;
}

function describe(allow: string[]): string {
  const known = allow.every((p) => DEFAULT_ALLOW.includes(p));
  if (known) return 'Discord or Slack webhook URLs (https://discord.com/api/webhooks/… or https://hooks.slack.com/services/…)';
  return `URLs starting with ${allow.join(' or ')}`;
}

/** POST to the checked addresses only: the lookup hook hands the socket those, never a fresh DNS answer. */
function post(u: URL, host: string, addresses: { address: string; family: number }[], body: Buffer): Promise<number> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: u.protocol,
        hostname: host, // stays the name, so Host and TLS SNI/certificate checks are for the name
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length, 'user-agent': 'Caravela' },
        lookup,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (res) => {
        res.resume(); // the status is all we need; drain so the socket is released
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', (err) =>
      reject(
        err.name === 'AbortError' || err.name === 'TimeoutError'
          ? new Error(`Webhook did not answer within ${TIMEOUT_MS / 1000} s`)
          : new Error(`Webhook unreachable: ${err.message}`),
      ),
    );
    req.end(body);
  });
}
