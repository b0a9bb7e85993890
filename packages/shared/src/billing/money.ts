/**
 * Money (DECISIONS 31): amounts are whole numbers of a currency's minor unit everywhere (cents for USD,
 * yen for JPY, fils for KWD), never floats. How many minor digits a currency has comes from `Intl`, so
 * JPY (0) and KWD (3) are handled like USD (2). Pure: runs in Node and the browser.
 */

/** A currency of ISO 4217 as three capital letters: `USD`, `EUR`, `JPY`. */
export type CurrencyCode = string;

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const CURRENCY_SHAPE = /^[A-Z]{3}$/;

let knownCurrencies: ReadonlySet<string> | null = null;
/** The currencies this engine knows (Intl.supportedValuesOf), or null when it cannot list them. */
function supportedCurrencies(): ReadonlySet<string> | null {
  if (knownCurrencies === null && typeof Intl.supportedValuesOf === 'function') knownCurrencies = new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies;
}

/** True for an ISO 4217 code the engine knows ('USD'); false for 'usd', 'US$' or 'XYZ'. */
export function isCurrencyCode(code: string): boolean {
  if (!CURRENCY_SHAPE.test(code)) return false;
  const known = supportedCurrencies();
  if (known) return known.has(code);
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** The currencies a user may choose from, sorted (empty where the engine cannot list them). */
export function currencyCodes(): string[] {
  return [...(supportedCurrencies() ?? [])].filter((code) => CURRENCY_SHAPE.test(code)).sort();
}

const digitsCache = new Map<string, number>();

/** Digits of the minor unit: USD 2, JPY 0, KWD 3 (what `Intl` shows for the currency). */
export function minorDigits(currency: CurrencyCode): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * An amount typed by a person, in minor units: '85.50' → 8550, '85,5' → 8550, '85' → 8500 (USD); '1200'
 * → 1200 (JPY). One '.' or ',' separates the decimals; more decimals than the currency has, grouping
 * separators, signs and anything else give null (never a guess: '1,234' is not 1234 dollars).
 */
export function parseMoney(text: string, currency: CurrencyCode): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as a plain decimal, exact: 8550 → '85.50' (USD), 1200 → '1200' (JPY), 1500 → '1.500' (KWD). */
export function minorToDecimal(minor: number, currency: CurrencyCode): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const magnitude = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${sign}${magnitude}`;
  const padded = magnitude.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units for people: 8550 → '$85.50', 1200 JPY → '¥1,200' (in `locale`, default en-US). */
export function formatMoney(minor: number, currency: CurrencyCode, locale = 'en-US'): string {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(minor / 10 ** minorDigits(currency));
}

/** The symbol a currency is shown with ('$', '€', '¥'), for a field's adornment. */
export function currencySymbol(currency: CurrencyCode, locale = 'en-US'): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * A rate or amount kept when the currency changes, written the same: 85.50 USD (8550) becomes 85.500 KWD
 * (85500) or 86 JPY (86, rounded half up). Not an exchange: the number the user typed stays.
 */
export function rescaleMinor(minor: number, from: CurrencyCode, to: CurrencyCode): number {
  const shift = minorDigits(to) - minorDigits(from);
  if (shift >= 0) return minor * 10 ** shift;
  const divisor = 10 ** -shift;
  return Math.floor((minor + divisor / 2) / divisor);
}
