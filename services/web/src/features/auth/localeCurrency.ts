import { currencySchema, DEFAULT_CURRENCY } from '@daybook/shared';

/**
 * The currency of each country or region (ISO 3166 → ISO 4217), for the ones whose currency is not
 * USD; every region not listed pays in USD (DEFAULT_CURRENCY). Intl names a locale's region but not its currency.
 */
const REGIONS_BY_CURRENCY: Record<string, string> = {
  EUR: 'AD AT AX BE BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT',
  GBP: 'GB GG IM JE', CHF: 'CH LI', NOK: 'NO SJ BV', SEK: 'SE', DKK: 'DK FO GL', ISK: 'IS', PLN: 'PL', CZK: 'CZ',
  HUF: 'HU', RON: 'RO', BGN: 'BG', RSD: 'RS', MKD: 'MK', ALL: 'AL', BAM: 'BA', MDL: 'MD', UAH: 'UA', BYN: 'BY',
  RUB: 'RU', TRY: 'TR', GEL: 'GE', AMD: 'AM', AZN: 'AZ', KZT: 'KZ', UZS: 'UZ', KGS: 'KG', TJS: 'TJ', TMT: 'TM',
  CAD: 'CA', MXN: 'MX', BRL: 'BR', ARS: 'AR', CLP: 'CL', COP: 'CO', PEN: 'PE', UYU: 'UY', PYG: 'PY', BOB: 'BO',
  VES: 'VE', GTQ: 'GT', HNL: 'HN', NIO: 'NI', CRC: 'CR', DOP: 'DO', JMD: 'JM', TTD: 'TT', HTG: 'HT', CUP: 'CU',
  BSD: 'BS', BBD: 'BB', BZD: 'BZ', GYD: 'GY', SRD: 'SR', AWG: 'AW', ANG: 'CW SX', KYD: 'KY', BMD: 'BM',
  XCD: 'AG AI DM GD KN LC MS VC', AUD: 'AU CC CX HM KI NF NR TV', NZD: 'NZ CK NU PN TK', FJD: 'FJ', PGK: 'PG',
  SBD: 'SB', VUV: 'VU', WST: 'WS', TOP: 'TO', XPF: 'NC PF WF', JPY: 'JP', CNY: 'CN', HKD: 'HK', MOP: 'MO',
  TWD: 'TW', KRW: 'KR', KPW: 'KP', MNT: 'MN', INR: 'IN BT', PKR: 'PK', BDT: 'BD', LKR: 'LK', NPR: 'NP', MVR: 'MV',
  AFN: 'AF', IRR: 'IR', IQD: 'IQ', SYP: 'SY', LBP: 'LB', JOD: 'JO', ILS: 'IL PS', SAR: 'SA', AED: 'AE', QAR: 'QA',
  KWD: 'KW', BHD: 'BH', OMR: 'OM', YER: 'YE', THB: 'TH', VND: 'VN', LAK: 'LA', KHR: 'KH', MMK: 'MM', MYR: 'MY',
  SGD: 'SG', BND: 'BN', IDR: 'ID', PHP: 'PH', EGP: 'EG', LYD: 'LY', TND: 'TN', DZD: 'DZ', MAD: 'MA EH', MRU: 'MR',
  XOF: 'BJ BF CI GW ML NE SN TG', XAF: 'CM CF TD CG GQ GA', NGN: 'NG', GHS: 'GH', GMD: 'GM', GNF: 'GN', SLE: 'SL',
  LRD: 'LR', CVE: 'CV', STN: 'ST', CDF: 'CD', AOA: 'AO', ZAR: 'ZA', NAD: 'NA', BWP: 'BW', LSL: 'LS', SZL: 'SZ',
  ZMW: 'ZM', MWK: 'MW', MZN: 'MZ', MGA: 'MG', MUR: 'MU', SCR: 'SC', KMF: 'KM', KES: 'KE', UGX: 'UG', TZS: 'TZ',
  RWF: 'RW', BIF: 'BI', ETB: 'ET', ERN: 'ER', DJF: 'DJ', SOS: 'SO', SDG: 'SD', SSP: 'SS', ZWG: 'ZW', SHP: 'SH',
  FKP: 'FK', GIP: 'GI',
};
const CURRENCY_OF_REGION = new Map(Object.entries(REGIONS_BY_CURRENCY).flatMap(([currency, regions]) => regions.split(' ').map((region) => [region, currency] as const)));

/**
 * The currency of a locale's region (Intl fills in a likely region for a bare language: 'de' → DE):
 * 'de-DE' → EUR, 'en-GB' → GBP, 'ja' → JPY; USD for 'en-US', for regions not listed and for what Intl
 * cannot read. Only a code the api accepts.
 */
export function currencyOfLocale(locale: string | undefined): string {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    const currency = (region && CURRENCY_OF_REGION.get(region)) ?? DEFAULT_CURRENCY;
    return currencySchema.safeParse(currency).success ? currency : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

/** The currency of the browser's first language (a new account's billing currency). */
export const browserCurrency = () => currencyOfLocale(typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language));
