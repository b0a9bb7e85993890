import { currencyOfLocale } from './localeCurrency';

describe('currencyOfLocale', () => {
  it.each([
    ['de-DE', 'EUR'],
    ['de', 'EUR'],
    ['fr-CA', 'CAD'],
    ['en-GB', 'GBP'],
    ['en-IE', 'EUR'],
    ['de-CH', 'CHF'],
    ['ja-JP', 'JPY'],
    ['ja', 'JPY'],
    ['pt-BR', 'BRL'],
    ['es-MX', 'MXN'],
    ['sv', 'SEK'],
    ['hi-IN', 'INR'],
    ['en-US', 'USD'],
    ['en', 'USD'],
    ['es-EC', 'USD'],
  ])('%s → %s', (locale, currency) => {
    expect(currencyOfLocale(locale)).toBe(currency);
  });

  it('USD for what Intl cannot read or when there is no locale', () => {
    expect(currencyOfLocale('not a locale!')).toBe('USD');
    expect(currencyOfLocale('')).toBe('USD');
    expect(currencyOfLocale(undefined)).toBe('USD');
  });

  it('names only currencies the api accepts', () => {
    for (const locale of ['de-DE', 'en-AU', 'fr-SN', 'ar-SA', 'sw-KE', 'es-VE', 'en-SL', 'en-ZW']) {
      expect(currencyOfLocale(locale)).toMatch(/^[A-Z]{3}$/);
    }
  });
});
