import { billingCsvQuerySchema, billingPeriodCreateBodySchema, billingReportQuerySchema, billingSettingsSchema, RANGE_LENGTH_MESSAGE, RANGE_ORDER_MESSAGE } from './billing.schemas';
import { presetRange, rangeDays, rangeLabel } from './billing-periods';

describe('period presets', () => {
  it('gives this and last week (Sunday to Saturday) and this and last month around today', () => {
    // Wednesday, March 11, 2026.
    expect(presetRange('this-week', '2026-03-11')).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(presetRange('last-week', '2026-03-11')).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(presetRange('this-month', '2026-03-11')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('last-month', '2026-03-11')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('crosses year ends and leap days', () => {
    expect(presetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('this-week', '2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(presetRange('this-month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('this-week', '2026-03-08')).toEqual({ from: '2026-03-08', to: '2026-03-14' });
  });

  it('counts and labels a range', () => {
    expect(rangeDays({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
    expect(rangeDays({ from: '2026-03-05', to: '2026-03-05' })).toBe(1);
    expect(rangeLabel({ from: '2026-03-01', to: '2026-03-31' })).toBe('Mar 1 – Mar 31, 2026');
    expect(rangeLabel({ from: '2026-12-27', to: '2027-01-02' })).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(rangeLabel({ from: '2026-03-05', to: '2026-03-05' })).toBe('Mar 5, 2026');
  });
});

const CLIENT = '6f1c2b8e-9a61-4f7e-8d0a-0b8f4c7e2a11';
const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('billing schemas', () => {
  it('reads the report query: a preset, custom dates, or this month by default', () => {
    expect(billingReportQuerySchema.parse({})).toEqual({});
    expect(billingReportQuerySchema.parse({ clientId: '', period: 'last-week' })).toEqual({ period: 'last-week' });
    expect(billingReportQuerySchema.parse({ clientId: CLIENT, from: '2026-03-01', to: '2026-03-31' })).toEqual({ clientId: CLIENT, from: '2026-03-01', to: '2026-03-31' });
    expect(billingCsvQuerySchema.parse({ period: 'this-month' })).toEqual({ period: 'this-month', entries: 'unbilled' });
  });

  it.each([
    [{ period: 'custom', from: '2026-03-01' }, 'Choose the end date'],
    [{ to: '2026-03-01' }, 'Choose the start date'],
    [{ from: '2026-03-31', to: '2026-03-01' }, RANGE_ORDER_MESSAGE],
    [{ from: '2025-01-01', to: '2026-01-02' }, RANGE_LENGTH_MESSAGE],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'Date does not exist'],
    [{ period: 'fortnight' }, undefined],
    [{ clientId: 'acme' }, 'Invalid id'],
  ])('refuses the report query %j', (query, message) => {
    const result = billingReportQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    if (message) expect(firstIssue(result)).toBe(message);
  });

  it('allows a whole leap year as one period', () => {
    expect(billingPeriodCreateBodySchema.safeParse({ clientId: CLIENT, from: '2028-01-01', to: '2028-12-31' }).success).toBe(true);
    expect(firstIssue(billingPeriodCreateBodySchema.safeParse({ clientId: CLIENT, from: '2028-01-01', to: '2029-01-01' }))).toBe(RANGE_LENGTH_MESSAGE);
    expect(billingPeriodCreateBodySchema.safeParse({ from: '2028-01-01', to: '2028-01-31' }).success).toBe(false);
  });

  it('reads settings: an upper-cased ISO currency and a whole, bounded rate', () => {
    expect(billingSettingsSchema.parse({ currency: ' eur ', defaultHourlyRateMinor: 8550 })).toEqual({ currency: 'EUR', defaultHourlyRateMinor: 8550 });
    expect(firstIssue(billingSettingsSchema.safeParse({ currency: 'XYZ', defaultHourlyRateMinor: 0 }))).toBe('Currency must be an ISO 4217 code like USD or EUR');
    expect(firstIssue(billingSettingsSchema.safeParse({ currency: 'USD', defaultHourlyRateMinor: 85.5 }))).toBe('Hourly rate must be a whole number of minor units (cents)');
    expect(firstIssue(billingSettingsSchema.safeParse({ currency: 'USD', defaultHourlyRateMinor: -1 }))).toBe('Hourly rate must not be negative');
    expect(billingSettingsSchema.safeParse({ currency: 'USD', defaultHourlyRateMinor: 100_000_001 }).success).toBe(false);
    expect(billingSettingsSchema.safeParse({ currency: 'USD', defaultHourlyRateMinor: '8550' }).success).toBe(false);
  });
});
