import { addressKey } from './rate-limits';

describe('addressKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:10.0.0.7', '10.0.0.7'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('gives every host of one IPv6 /64 the same key', () => {
    expect(addressKey('2001:db8:aa:bb:1::1')).toBe(addressKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:aa:bb::1')).not.toBe(addressKey('2001:db8:aa:bc::1'));
  });
});
