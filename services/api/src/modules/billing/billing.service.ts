import type { EntityManager } from '@mikro-orm/postgresql';
import {
  addDays,
  amountMinor,
  DEFAULT_CURRENCY,
  HOURLY_RATE_MAX_MINOR,
  hoursFromHundredths,
  hundredthsOfHour,
  minorDigits,
  presetRange,
  startOfDayInstant,
  todayIn,
  type BillingCsvQuery,
  type BillingPeriod,
  type BillingPeriodCreateBody,
  type BillingPeriodListQuery,
  type BillingPeriodPage,
  type BillingReport,
  type BillingReportQuery,
  type BillingSettings,
  type BillingSummary,
  type ClientBillingSummary,
  type DateRange,
  type OneClientBillingSummary,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/errors';
import { decodeCursor } from '../../db/keyset';
import { buildReport, csvLines, csvRows, rateOf } from './billing-report';
import { createBillingRepository, PERIOD_SORT_KEYS, type BillingClient, type BillingRepository, type EntryScope, type InstantWindow } from './billing.repository';

/** A report has at most this many cells (a task on a day): far beyond a year of a busy person's time. */
export const REPORT_CELLS_MAX = 20_000;
/** A CSV lists at most this many entries. */
export const CSV_ENTRIES_MAX = 20_000;

export const DEFAULT_BILLING_SETTINGS: BillingSettings = { currency: DEFAULT_CURRENCY, defaultHourlyRateMinor: 0 };

export const NOTHING_TO_BILL_MESSAGE = 'There is no unbilled time for this client in this period';
export const TOO_MUCH_MESSAGE = 'There is too much time in this period to show at once: choose a shorter period';

/** The instants the local days of a range span in the zone: from the first day's midnight to the midnight after the last. */
export const windowOf = (range: DateRange, timeZone: string): InstantWindow => ({
  start: startOfDayInstant(range.from, timeZone),
  end: startOfDayInstant(addDays(range.to, 1), timeZone),
});

/** The billing service on the database (app.ts). */
export const createBillingService = (em: EntityManager, clock: () => Date) => billingService(createBillingRepository(em), clock);

/**
 * Billing (DECISIONS 31): rates and currency, the report and its CSV, billed periods and client totals.
 * Amounts follow the one rule of `billing-amounts.ts` (shared). Only ended entries with a client count;
 * another user's client or period reads as missing (404).
 */
export function billingService(billing: BillingRepository, clock: () => Date) {
  const settingsOf = async (actor: Actor): Promise<BillingSettings> => (await billing.settings(actor.id)) ?? DEFAULT_BILLING_SETTINGS;

  /** The dates a report query names: its preset (this month by default) around the user's today, or its own. */
  const rangeOf = (actor: Actor, query: BillingReportQuery): DateRange => {
    if (query.from !== undefined && query.to !== undefined && (query.period === undefined || query.period === 'custom')) return { from: query.from, to: query.to };
    const preset = query.period === undefined || query.period === 'custom' ? 'this-month' : query.period;
    return presetRange(preset, todayIn(clock(), actor.timezone));
  };

  /** The scope of a query: 404 for a client that is not the user's. */
  const scopeOf = async (actor: Actor, range: DateRange, clientId: string | undefined): Promise<{ scope: EntryScope; client: BillingClient | null }> => {
    const client = clientId ? await billing.client(actor.id, clientId) : null;
    if (clientId && !client) throw notFound('Client');
    return { scope: { userId: actor.id, timeZone: actor.timezone, window: windowOf(range, actor.timezone), clientId: clientId ?? null }, client };
  };

  const summaryOf = (client: BillingClient, settings: BillingSettings, totals: { unbilledSeconds: number; weekTrackedSeconds: number } | undefined): ClientBillingSummary => {
    const rateMinor = rateOf(client, settings.defaultHourlyRateMinor);
    const unbilledSeconds = totals?.unbilledSeconds ?? 0;
    const weekTrackedSeconds = totals?.weekTrackedSeconds ?? 0;
    return {
      clientId: client.id,
      rateMinor,
      rateIsDefault: client.hourlyRateMinor === null,
      unbilledSeconds,
      unbilledHours: hoursFromHundredths(hundredthsOfHour(unbilledSeconds)),
      unbilledAmountMinor: amountMinor(unbilledSeconds, rateMinor),
      weekTrackedSeconds,
      weekTrackedHours: hoursFromHundredths(hundredthsOfHour(weekTrackedSeconds)),
    };
  };

  const thisWeek = (actor: Actor) => presetRange('this-week', todayIn(clock(), actor.timezone));

  return {
    settings: settingsOf,

    /**
     * Saves the currency and default rate. A new currency with another number of minor digits keeps every
     * rate as written (85.50 USD → 85.500 KWD, 86 JPY); a rate that would pass the maximum refuses it (400).
     * Billed periods keep their own currency.
     */
    async saveSettings(actor: Actor, next: BillingSettings): Promise<BillingSettings> {
      return billing.transaction(async () => {
        await billing.lock(actor.id, null);
        const current = await settingsOf(actor);
        const shift = minorDigits(next.currency) - minorDigits(current.currency);
        if (shift !== 0) {
          const multiplier = shift > 0 ? 10 ** shift : 1;
          const divisor = shift < 0 ? 10 ** -shift : 1;
          const highest = (await billing.highestClientRate(actor.id)) ?? 0;
          if ((highest * multiplier) / divisor > HOURLY_RATE_MAX_MINOR) throw badRequest(`A client’s hourly rate would be too high in ${next.currency}`);
          await billing.rescaleClientRates(actor.id, multiplier, divisor);
        }
        await billing.saveSettings(actor.id, next);
        return next;
      });
    },

    /** The report of one client or all over a period (one aggregate); 400 when it would be too big to show. */
    async report(actor: Actor, query: BillingReportQuery): Promise<BillingReport> {
      const range = rangeOf(actor, query);
      const { scope } = await scopeOf(actor, range, query.clientId);
      const settings = await settingsOf(actor);
      const rows = await billing.report(scope, REPORT_CELLS_MAX);
      if (!rows) throw badRequest(TOO_MUCH_MESSAGE);
      return buildReport({ clientId: scope.clientId, ...range, currency: settings.currency, defaultRateMinor: settings.defaultHourlyRateMinor }, rows);
    },

    /**
     * The CSV for an invoice: one row per entry (unbilled ones by default, or every billable one) and a
     * totals row, agreeing with the report's unbilled (or billable) figures exactly.
     */
    async csv(actor: Actor, query: BillingCsvQuery): Promise<{ rows: string[][]; range: DateRange; client: BillingClient | null }> {
      const range = rangeOf(actor, query);
      const { scope, client } = await scopeOf(actor, range, query.clientId);
      const settings = await settingsOf(actor);
      const entries = await billing.entries(scope, query.entries === 'unbilled', CSV_ENTRIES_MAX + 1);
      if (entries.length > CSV_ENTRIES_MAX) throw badRequest(TOO_MUCH_MESSAGE);
      const clients = client ? [client] : await billing.clients(actor.id);
      const lines = csvLines(entries, clients, settings.defaultHourlyRateMinor, query.entries);
      return { rows: csvRows(lines, settings.currency, client), range, client };
    },

    /**
     * Marks the client's unbilled, billable, ended entries of the period billed, in one transaction: a lock
     * per client queues a second request (a double click, another device) behind the first, which then
     * finds nothing left to bill (409). The period records what they came to at the client's rate then.
     */
    async markBilled(actor: Actor, body: BillingPeriodCreateBody): Promise<BillingPeriod> {
      const window = windowOf(body, actor.timezone);
      return billing.transaction(async () => {
        await billing.lock(actor.id, body.clientId);
        const client = await billing.client(actor.id, body.clientId, true);
        if (!client) throw notFound('Client');
        const settings = await settingsOf(actor);
        const entries = await billing.lockUnbilled(actor.id, client.id, window);
        if (entries.length === 0) throw conflict(NOTHING_TO_BILL_MESSAGE);
        const seconds = entries.reduce((sum, entry) => sum + entry.seconds, 0);
        const rateMinor = rateOf(client, settings.defaultHourlyRateMinor);
        return billing.insertPeriod(
          actor.id,
          {
            clientId: client.id,
            billedAt: clock(),
            from: body.from,
            to: body.to,
            entryCount: entries.length,
            seconds,
            hoursHundredths: hundredthsOfHour(seconds),
            rateMinor,
            amountMinor: amountMinor(seconds, rateMinor),
            currency: settings.currency,
          },
          entries.map((entry) => entry.id),
        );
      });
    },

    /** The user's billed periods, newest first, in pages; 404 for a client that is not theirs. */
    async periods(actor: Actor, query: BillingPeriodListQuery): Promise<BillingPeriodPage> {
      if (query.clientId && !(await billing.client(actor.id, query.clientId))) throw notFound('Client');
      const cursor = query.cursor ? decodeCursor(query.cursor, PERIOD_SORT_KEYS) : null;
      if (query.cursor && !cursor) throw badRequest('Invalid cursor');
      return billing.periods(actor.id, query.clientId ?? null, query.limit, cursor);
    },

    /** Undoes a billed period: its entries are unbilled again (and editable), as if it had never been. */
    async undoPeriod(actor: Actor, id: string): Promise<void> {
      await billing.transaction(async () => {
        const period = await billing.findPeriod(actor.id, id);
        if (!period) throw notFound('Billing period');
        // The client's lock first, as "mark as billed" takes it: the two queue up instead of interleaving.
        await billing.lock(actor.id, period.clientId);
        if (!(await billing.deletePeriod(actor.id, id))) throw notFound('Billing period');
      });
    },

    /** Every client's unbilled total and this week's tracked time, in client order (the clients list). */
    async summary(actor: Actor): Promise<BillingSummary> {
      const week = thisWeek(actor);
      const clients = await billing.clients(actor.id);
      const totals = await billing.clientTotals(actor.id, windowOf(week, actor.timezone), null);
      const settings = await settingsOf(actor);
      const byClient = new Map(totals.map((row) => [row.clientId, row]));
      return { currency: settings.currency, weekFrom: week.from, weekTo: week.to, clients: clients.map((client) => summaryOf(client, settings, byClient.get(client.id))) };
    },

    /** One client's totals (the client page). */
    async clientSummary(actor: Actor, clientId: string): Promise<OneClientBillingSummary> {
      const client = await billing.client(actor.id, clientId);
      if (!client) throw notFound('Client');
      const week = thisWeek(actor);
      const [totals] = await billing.clientTotals(actor.id, windowOf(week, actor.timezone), clientId);
      const settings = await settingsOf(actor);
      return { currency: settings.currency, weekFrom: week.from, weekTo: week.to, ...summaryOf(client, settings, totals) };
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
