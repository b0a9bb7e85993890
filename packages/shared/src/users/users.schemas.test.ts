import { adminCreateUserBodySchema, loginBodySchema, registerBodySchema, TIMEZONES, timezoneSchema, usernameSchema } from './users.schemas';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('usernameSchema (DECISIONS 24)', () => {
  it('normalises to NFKC and trims', () => {
    expect(usernameSchema.parse('  \uff41\uff4e\uff4e\uff41 ')).toBe('anna'); // full-width
    expect(usernameSchema.parse('\ufb01ona')).toBe('fiona'); // the 'ﬁ' ligature
    expect(usernameSchema.parse('rene\u0301e')).toBe('ren\u00e9e'); // composed
  });

  it.each([
    ['a zero-width space', 'ad\u200bmin'],
    ['a zero-width non-joiner', 'ad\u200cmin'],
    ['a word joiner', 'ad\u2060min'],
    ['a soft hyphen', 'ad\u00admin'],
    ['a right-to-left mark', 'admin\u200f'],
    ['a right-to-left override', '\u202enimda'],
    ['a first-strong isolate', 'admin\u2068'],
    ['an Arabic letter mark', 'admin\u061c'],
    ['a Hangul filler', '\u3164admin'],
    ['a variation selector', 'admin\ufe0f'],
  ])('refuses %s', (_case, username) => {
    expect(messages(usernameSchema.safeParse(username))).toEqual(['Username must not contain invisible or text-direction characters']);
  });

  it.each([
    ['a space', 'an na'],
    ['a no-break space', 'an\u00a0na'],
    ['NUL', 'an\u0000na'],
    ['a C1 control', 'an\u0085na'],
    ['a byte order mark', 'an\ufeffna'],
  ])('refuses %s as a space or control character', (_case, username) => {
    expect(messages(usernameSchema.safeParse(username))?.[0]).toBe('Username must not contain spaces or control characters');
  });

  it('applies to registration and admin creation alike', () => {
    expect(registerBodySchema.safeParse({ username: 'ad\u200bmin', password: 'secret1' }).success).toBe(false);
    expect(
      adminCreateUserBodySchema.safeParse({ username: '\u202enimda', firstName: 'A', lastName: 'B', password: 'secret1' }).success,
    ).toBe(false);
  });

  it('login reads the username the same way', () => {
    expect(loginBodySchema.parse({ username: ' \uff41\uff4e\uff4e\uff41 ', password: 'x' }).username).toBe('anna');
  });
});

describe('timezoneSchema (DECISIONS 1): any IANA zone', () => {
  it.each([...TIMEZONES, 'Europe/Madrid', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Etc/GMT+5', 'UTC', 'Asia/Calcutta'])('accepts %s', (zone) => {
    expect(timezoneSchema.parse(zone)).toBe(zone);
  });

  it.each([['an unknown zone', 'Mars/Olympus'], ['an offset', '+01:00'], ['an offset name', 'UTC+1'], ['a path', '../etc/passwd'], ['empty', ''], ['not a string', 1], ['too long', `Europe/${'x'.repeat(100)}`]])(
    'refuses %s',
    (_case, zone) => {
      expect(messages(timezoneSchema.safeParse(zone))).toEqual(['Invalid timezone']);
    },
  );

  it('is optional at registration, and checked when given', () => {
    expect(registerBodySchema.parse({ username: 'anna', password: 'secret1' }).timezone).toBeUndefined();
    expect(registerBodySchema.parse({ username: 'anna', password: 'secret1', timezone: 'Europe/Madrid' }).timezone).toBe('Europe/Madrid');
    expect(registerBodySchema.safeParse({ username: 'anna', password: 'secret1', timezone: 'Mars/Olympus' }).success).toBe(false);
  });
});
