import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { pageQuerySchema, pageSchema } from '../fields';
import { isDateInRange } from '../time/calendar-date';
import { dateInRangeSchema } from '../time/time.schemas';
import { BILLING_PERIOD_MAX_DAYS, BILLING_PERIOD_PRESETS, rangeDays } from './billing-periods';
import { isCurrencyCode } from './money';

// ---------------------------------------------------------------------------------------------
// Rates and the user's billing settings (DECISIONS 31): money in whole minor units (cents)

/** The highest hourly rate, in minor units: 1,000,000.00 an hour in a two-digit currency. */
export const HOURLY_RATE_MAX_MINOR = 100_000_000;

export const hourlyRateMinorSchema = z
  .number({ message: 'Hourly rate must be a number' })
  .int('Hourly rate must be a whole number of minor units (cents)')
  .min(0, 'Hourly rate must not be negative')
  .max(HOURLY_RATE_MAX_MINOR, `Hourly rate must be at most ${HOURLY_RATE_MAX_MINOR} minor units`);

export const CURRENCY_MESSAGE = 'Currency must be an ISO 4217 code like USD or EUR';
export const currencySchema = z.string({ message: CURRENCY_MESSAGE }).trim().toUpperCase().refine(isCurrencyCode, CURRENCY_MESSAGE);

/** GET and PUT /api/billing/settings: the currency of every amount and the rate of clients without their own. */
export const billingSettingsSchema = z.object({ currency: currencySchema, defaultHourlyRateMinor: hourlyRateMinorSchema });
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Periods: a report's, a CSV's or a billed period's dates

const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalIdSchema = z.preprocess(blankAsUndefined, idSchema.optional());
const optionalDateSchema = z.preprocess(blankAsUndefined, dateInRangeSchema.optional());

export const RANGE_ORDER_MESSAGE = 'The start date must not be after the end date';
export const RANGE_LENGTH_MESSAGE = `A period covers at most ${BILLING_PERIOD_MAX_DAYS} days`;

/** Refuses a `from` after `to`, or a period longer than BILLING_PERIOD_MAX_DAYS (on the field `to`). */
function checkRange(range: { from?: string | undefined; to?: string | undefined }, ctx: z.core.$RefinementCtx) {
  // A date refused by its own field is not compared (zod runs this check after such an issue too).
  if (range.from === undefined || range.to === undefined || !isDateInRange(range.from) || !isDateInRange(range.to)) return;
  if (range.from > range.to) ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_ORDER_MESSAGE });
  else if (rangeDays({ from: range.from, to: range.to }) > BILLING_PERIOD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_LENGTH_MESSAGE });
}

export const billingPeriodChoiceSchema = z.enum([...BILLING_PERIOD_PRESETS, 'custom']);
export type BillingPeriodChoice = z.infer<typeof billingPeriodChoiceSchema>;

const reportQueryFields = {
  clientId: optionalIdSchema,
  period: z.preprocess(blankAsUndefined, billingPeriodChoiceSchema.optional()),
  from: optionalDateSchema,
  to: optionalDateSchema,
};

/** A custom period (`period` custom, or absent with dates given) needs both dates, in order, not too far apart. */
function checkReportQuery(query: { period?: BillingPeriodChoice | undefined; from?: string | undefined; to?: string | undefined }, ctx: z.core.$RefinementCtx) {
  const custom = query.period === 'custom' || (query.period === undefined && (query.from !== undefined || query.to !== undefined));
  if (!custom) return;
  if (query.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the start date' });
  if (query.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the end date' });
  checkRange(query, ctx);
}

/**
 * GET /api/billing/report: one client (`clientId`) or all; a preset `period` (default this month) or
 * `from` and `to` (then `period` may be absent or `custom`).
 */
export const billingReportQuerySchema = z.object(reportQueryFields).superRefine(checkReportQuery);
export type BillingReportQuery = z.infer<typeof billingReportQuerySchema>;

/** Which entries the CSV lists: the unbilled ones (what "Mark as billed" would bill, the default) or every billable one. */
export const BILLING_CSV_ENTRIES = ['unbilled', 'billable'] as const;
export type BillingCsvEntries = (typeof BILLING_CSV_ENTRIES)[number];

/** GET /api/billing/report.csv: the report's query and which entries. */
export const billingCsvQuerySchema = z
  .object({
    ...reportQueryFields,
    entries: z.preprocess(blankAsUndefined, z.enum(BILLING_CSV_ENTRIES, { message: 'Entries must be unbilled or billable' }).default('unbilled')),
  })
  .superRefine(checkReportQuery);
export type BillingCsvQuery = z.infer<typeof billingCsvQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The report

/**
 * Tracked (every ended entry), billable (its billable ones) and unbilled (billable, not yet billed) time:
 * exact seconds, hours to the hundredth and amounts in minor units, rounded as billing-amounts.ts says.
 */
export const billingFiguresSchema = z.object({
  trackedSeconds: z.number().int(),
  billableSeconds: z.number().int(),
  unbilledSeconds: z.number().int(),
  trackedHours: z.number(),
  billableHours: z.number(),
  unbilledHours: z.number(),
  billableAmountMinor: z.number().int(),
  unbilledAmountMinor: z.number().int(),
});
export type BillingFigures = z.infer<typeof billingFiguresSchema>;

const rateFields = {
  /** The rate the amounts use: the client's own or the default. */
  rateMinor: z.number().int(),
  /** True when the client has no rate of its own. */
  rateIsDefault: z.boolean(),
};

export const billingReportClientSchema = billingFiguresSchema.extend({ clientId: idSchema, clientName: z.string(), color: z.string(), ...rateFields });
export type BillingReportClient = z.infer<typeof billingReportClientSchema>;

/** A task's time; `taskId` null for time on no task (or on a task since deleted). */
export const billingReportTaskSchema = billingFiguresSchema.extend({
  clientId: idSchema,
  clientName: z.string(),
  taskId: idSchema.nullable(),
  taskTitle: z.string().nullable(),
  rateMinor: z.number().int(),
});
export type BillingReportTask = z.infer<typeof billingReportTaskSchema>;

/** A day's time: the entries that started that day in the user's timezone. */
export const billingReportDaySchema = billingFiguresSchema.extend({ date: z.string() });
export type BillingReportDay = z.infer<typeof billingReportDaySchema>;

export const billingReportSchema = z.object({
  clientId: idSchema.nullable(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: billingFiguresSchema,
  /** Clients with time in the period, in client order. */
  clients: z.array(billingReportClientSchema),
  /** Client by client (client order), the most tracked first. */
  tasks: z.array(billingReportTaskSchema),
  /** Days with time, first to last. */
  days: z.array(billingReportDaySchema),
  /** Entries of the period still running: counted once they stop. */
  runningEntries: z.number().int(),
});
export type BillingReport = z.infer<typeof billingReportSchema>;

/** The CSV's columns, in order. */
export const BILLING_CSV_COLUMNS = ['Date', 'Task', 'Note', 'Hours', 'Rate', 'Amount', 'Client', 'Currency'] as const;

// ---------------------------------------------------------------------------------------------
// Billed periods

/** POST /api/billing/periods: bills the client's unbilled, billable, ended entries from `from` to `to`. */
export const billingPeriodCreateBodySchema = z
  .object({ clientId: idSchema, from: dateInRangeSchema, to: dateInRangeSchema })
  .superRefine((body, ctx) => checkRange(body, ctx));
export type BillingPeriodCreateBody = z.infer<typeof billingPeriodCreateBodySchema>;

/** A billed period, with what was billed when it was (later rate changes do not touch it). */
export const billingPeriodSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  clientName: z.string(),
  from: z.string(),
  to: z.string(),
  billedAt: isoInstantSchema,
  entryCount: z.number().int(),
  seconds: z.number().int(),
  hours: z.number(),
  rateMinor: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
});
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

export const BILLING_PERIODS_PAGE_DEFAULT = 20;
export const BILLING_PERIODS_PAGE_MAX = 100;
/** GET /api/billing/periods: newest first, in pages, of one client or all. */
export const billingPeriodListQuerySchema = pageQuerySchema(BILLING_PERIODS_PAGE_DEFAULT, BILLING_PERIODS_PAGE_MAX).extend({ clientId: optionalIdSchema });
export type BillingPeriodListQuery = z.infer<typeof billingPeriodListQuerySchema>;
export const billingPeriodPageSchema = pageSchema(billingPeriodSchema);
export type BillingPeriodPage = z.infer<typeof billingPeriodPageSchema>;

// ---------------------------------------------------------------------------------------------
// Client totals: the clients list and the client page

/** A client's unbilled time (all of it, whatever its date) and its time tracked this week (ended entries). */
export const clientBillingSummarySchema = z.object({
  clientId: idSchema,
  ...rateFields,
  unbilledSeconds: z.number().int(),
  unbilledHours: z.number(),
  unbilledAmountMinor: z.number().int(),
  weekTrackedSeconds: z.number().int(),
  weekTrackedHours: z.number(),
});
export type ClientBillingSummary = z.infer<typeof clientBillingSummarySchema>;

/** GET /api/billing/summary: every client of the user (in client order), with the week's dates. */
export const billingSummarySchema = z.object({
  currency: z.string(),
  weekFrom: z.string(),
  weekTo: z.string(),
  clients: z.array(clientBillingSummarySchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** GET /api/billing/clients/:id/summary */
export const oneClientBillingSummarySchema = clientBillingSummarySchema.extend({ currency: z.string(), weekFrom: z.string(), weekTo: z.string() });
export type OneClientBillingSummary = z.infer<typeof oneClientBillingSummarySchema>;
