import { outboundAllowSchema, parseOutboundAllow, refusalOf, specialUseOf } from './address-policy';

/** The outbound door's address rules (DECISIONS 46), over every way of writing an address. */

describe('specialUseOf', () => {
  it.each([
    // IPv4 loopback in every notation a URL or a resolver may carry
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['017700000001', 'loopback'],
    // private, link-local (cloud metadata), shared, unspecified, multicast, broadcast, reserved
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv6, and IPv4 inside IPv6 (mapped, compatible, NAT64 as 64:ff9b::/96)
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'linkLocal'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'discard'],
    ['not an address', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(specialUseOf(address)).toBe(kind);
  });

  it.each(['1.1.1.1', '93.184.216.34', '8.8.8.8', '::ffff:8.8.8.8', '2606:4700:4700::1111', '[2a00:1450:4001:82b::200e]', '64:ff9b::8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(specialUseOf(address)).toBeNull();
      expect(refusalOf(address)).toBeNull();
    },
  );
});

describe('OUTBOUND_ALLOW', () => {
  it('opens the ranges and addresses it names, in any notation of them, and nothing else', () => {
    const allow = parseOutboundAllow('192.168.1.0/24, fd00::/8 10.0.0.7');
    expect(refusalOf('192.168.1.20', allow)).toBeNull();
    expect(refusalOf('::ffff:192.168.1.20', allow)).toBeNull();
    expect(refusalOf('fd00::5', allow)).toBeNull();
    expect(refusalOf('10.0.0.7', allow)).toBeNull();
    expect(refusalOf('167772167', allow)).toBeNull();
    expect(refusalOf('192.168.2.1', allow)).toBe('private');
    expect(refusalOf('10.0.0.8', allow)).toBe('private');
    expect(refusalOf('127.0.0.1', allow)).toBe('loopback');
  });

  it('keeps host names apart: exact names and *.suffix', () => {
    expect(parseOutboundAllow('ntfy.lan, *.home.arpa, NAS.Local.')).toEqual({ hosts: ['ntfy.lan', 'nas.local'], suffixes: ['.home.arpa'], ranges: [] });
    expect(parseOutboundAllow(undefined)).toEqual({ hosts: [], suffixes: [], ranges: [] });
    expect(parseOutboundAllow('')).toEqual({ hosts: [], suffixes: [], ranges: [] });
  });

  it('refuses an entry that is no host, address or range, naming it', () => {
    const result = outboundAllowSchema.safeParse('ntfy.lan, 10.0.0.0/99, ntfy!lan');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      '"10.0.0.0/99" is not an address range (such as 192.168.1.0/24 or fd00::/8)',
      '"ntfy!lan" is neither a host name, an address nor a range',
    ]);
  });
});
