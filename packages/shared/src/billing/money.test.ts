import { currencyCodes, currencySymbol, formatMoney, isCurrencyCode, minorDigits, minorToDecimal, parseMoney, rescaleMinor } from './money';

describe('currencies', () => {
  it('knows ISO 4217 codes and refuses anything else', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'KWD', 'CHF']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['usd', 'US$', 'XYZ', 'EURO', '', '$']) expect(isCurrencyCode(code)).toBe(false);
    expect(currencyCodes()).toContain('GBP');
    expect(currencyCodes().every(isCurrencyCode)).toBe(true);
  });

  it('reads the minor digits from Intl: 2 for USD, 0 for JPY, 3 for KWD', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });
});

describe('parseMoney', () => {
  it.each([
    ['85.50', 'USD', 8550],
    ['85.5', 'USD', 8550],
    ['85,50', 'EUR', 8550],
    ['85', 'USD', 8500],
    [' 0.01 ', 'USD', 1],
    ['0', 'USD', 0],
    ['85.', 'USD', 8500],
    ['1200', 'JPY', 1200],
    ['1.5', 'KWD', 1500],
    ['12.345', 'KWD', 12345],
  ])('reads %j in %s as %d minor units', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toBe(minor);
  });

  it.each([
    ['85.505', 'USD'],
    ['1,234.50', 'USD'],
    ['1.5', 'JPY'],
    ['-5', 'USD'],
    ['+5', 'USD'],
    ['$5', 'USD'],
    ['', 'USD'],
    ['.5', 'USD'],
    ['1e3', 'USD'],
    ['9'.repeat(20), 'USD'],
  ])('refuses %j in %s', (text, currency) => {
    expect(parseMoney(text, currency)).toBeNull();
  });
});

describe('writing money', () => {
  it('writes minor units as an exact decimal', () => {
    expect(minorToDecimal(8550, 'USD')).toBe('85.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(0, 'USD')).toBe('0.00');
    expect(minorToDecimal(-1234, 'USD')).toBe('-12.34');
    expect(minorToDecimal(1200, 'JPY')).toBe('1200');
    expect(minorToDecimal(1500, 'KWD')).toBe('1.500');
    expect(minorToDecimal(123_456_789_012_345, 'USD')).toBe('1234567890123.45');
  });

  it('round-trips what it writes', () => {
    for (const [minor, currency] of [[8550, 'USD'], [7, 'EUR'], [99, 'JPY'], [1, 'KWD']] as const) {
      expect(parseMoney(minorToDecimal(minor, currency), currency)).toBe(minor);
    }
  });

  it('formats for people with the currency', () => {
    expect(formatMoney(8550, 'USD')).toBe('$85.50');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(1500, 'KWD')).toBe('KWD\u00a01.500');
    expect(formatMoney(8550, 'EUR', 'de-DE')).toBe('85,50\u00a0€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
  });

  it('keeps a number as written when the currency changes', () => {
    expect(rescaleMinor(8550, 'USD', 'EUR')).toBe(8550);
    expect(rescaleMinor(8550, 'USD', 'KWD')).toBe(85500);
    expect(rescaleMinor(8550, 'USD', 'JPY')).toBe(86);
    expect(rescaleMinor(8549, 'USD', 'JPY')).toBe(85);
    expect(rescaleMinor(12000, 'JPY', 'USD')).toBe(1_200_000);
  });
});
