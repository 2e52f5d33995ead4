/**
 * The network a client address belongs to, for limits counted per source: an IPv4 address is its
 * own; an IPv6 address counts by its /64 (one home or phone is given a whole /64, so counting
 * single addresses would let it try 2^64 times); an IPv4-mapped IPv6 address is its IPv4 one.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // A dotted IPv4 tail (::ffff:…, 64:ff9b::…) fills two groups.
  const width = (gs: string[]) => gs.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = [...left, ...Array(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
