import { skeleton, usernameSkeleton } from './username';

describe('skeleton (Unicode TR39)', () => {
  it.each([
    ['p\u0430ypal', 'paypal'], // Cyrillic а
    ['\u{1d52d}\u{1d51e}\u{1d536}\u{1d52d}\u{1d51e}\u{1d529}', 'paypal'], // mathematical fraktur
    ['pay\u200bpal', 'paypal'], // zero-width space: default-ignorable, dropped
    ['adm1n', 'adrnln'], // '1' and 'l', 'm' and 'rn'
  ])('skeleton(%j) is %j', (value, expected) => {
    expect(skeleton(value)).toBe(expected);
  });

  it('keeps what does not look alike apart: accents, other letters', () => {
    expect(skeleton('renée')).not.toBe(skeleton('renee'));
    expect(skeleton('anna')).not.toBe(skeleton('anne'));
  });
});

describe('usernameSkeleton', () => {
  it('is one key for look-alikes in any case', () => {
    const admin = usernameSkeleton('admin');
    for (const lookAlike of ['Admin', 'ADMIN', '\u0430dmin', '\u0410DM\u0406N', 'AdmIn', 'adrnin', 'ad\u200bmin']) {
      expect(usernameSkeleton(lookAlike)).toBe(admin);
    }
  });

  it('differs for different names', () => {
    const keys = ['admin', 'admin2', 'administrator', 'anna', 'bob', 'renée', 'renee'].map(usernameSkeleton);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
