import { describe, expect, it } from 'vitest';
import { networkOf } from '../../functions/core/network';

describe('the network an address counts in', () => {
  it('is an IPv4 address itself, also when mapped into IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    const net = '2001:db8:1:2::/64';
    for (const a of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::9%eth0']) {
      expect(networkOf(a), a).toBe(net);
    }
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });
});
