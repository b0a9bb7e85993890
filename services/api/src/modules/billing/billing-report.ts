import {
  amountMinor,
  BILLING_CSV_COLUMNS,
  compareClients,
  hoursFromHundredths,
  hundredthsOfHour,
  hundredthsToDecimal,
  minorToDecimal,
  shareAmount,
  shareHundredths,
  type BillingCsvEntries,
  type BillingFigures,
  type BillingReport,
  type BillingReportClient,
  type BillingReportDay,
  type BillingReportTask,
} from '@daybook/shared';
import type { BillingClient, EntryRow, ReportRows } from './billing.repository';

/**
 * The report and the CSV from the database's rows, by the one rule of billing-amounts.ts. Each client's
 * totals are rounded once; its task rows share them by the largest remainder (each row is its own exact
 * value rounded down or up, so a task of exactly 5.90 h shows 5.90 h), and so do its day rows,
 * separately. The CSV's lines share their task row's figures the same way. So the task rows, the day
 * rows and the CSV add up exactly to the totals, and the CSV's lines add up to each task row; the lines
 * of one day may differ from that day's row by a hundredth or a minor unit per task (DECISIONS 31: an
 * invoice's rows matter more than cells that add up both ways, which rounding cannot always give).
 */

/** The figures in whole units while they are added up: hours in hundredths. */
export interface Tally {
  trackedSeconds: number;
  billableSeconds: number;
  unbilledSeconds: number;
  trackedHundredths: number;
  billableHundredths: number;
  unbilledHundredths: number;
  billableAmountMinor: number;
  unbilledAmountMinor: number;
}

/** The seconds a row holds, before they are rounded. */
type Seconds = Pick<Tally, 'trackedSeconds' | 'billableSeconds' | 'unbilledSeconds'>;

const ZERO: Tally = {
  trackedSeconds: 0,
  billableSeconds: 0,
  unbilledSeconds: 0,
  trackedHundredths: 0,
  billableHundredths: 0,
  unbilledHundredths: 0,
  billableAmountMinor: 0,
  unbilledAmountMinor: 0,
};

const add = (a: Tally, b: Tally): Tally => {
  const sum = { ...a };
  for (const key of Object.keys(ZERO) as Array<keyof Tally>) sum[key] += b[key];
  return sum;
};

const sumSeconds = (parts: readonly Seconds[]): Seconds => ({
  trackedSeconds: parts.reduce((sum, part) => sum + part.trackedSeconds, 0),
  billableSeconds: parts.reduce((sum, part) => sum + part.billableSeconds, 0),
  unbilledSeconds: parts.reduce((sum, part) => sum + part.unbilledSeconds, 0),
});

export const toFigures = (tally: Tally): BillingFigures => ({
  trackedSeconds: tally.trackedSeconds,
  billableSeconds: tally.billableSeconds,
  unbilledSeconds: tally.unbilledSeconds,
  trackedHours: hoursFromHundredths(tally.trackedHundredths),
  billableHours: hoursFromHundredths(tally.billableHundredths),
  unbilledHours: hoursFromHundredths(tally.unbilledHundredths),
  billableAmountMinor: tally.billableAmountMinor,
  unbilledAmountMinor: tally.unbilledAmountMinor,
});

/** A client's rate: its own, else the default. */
export const rateOf = (client: Pick<BillingClient, 'hourlyRateMinor'>, defaultRateMinor: number) => client.hourlyRateMinor ?? defaultRateMinor;

/** A client's total: each quantity of its seconds rounded once. */
function roundedTotal(seconds: Seconds, rateMinor: number): Tally {
  return {
    ...seconds,
    trackedHundredths: hundredthsOfHour(seconds.trackedSeconds),
    billableHundredths: hundredthsOfHour(seconds.billableSeconds),
    unbilledHundredths: hundredthsOfHour(seconds.unbilledSeconds),
    billableAmountMinor: amountMinor(seconds.billableSeconds, rateMinor),
    unbilledAmountMinor: amountMinor(seconds.unbilledSeconds, rateMinor),
  };
}

/**
 * `total` (a client's rounded total, or a row's share of it) shared among `parts` by their seconds, each
 * quantity by the largest remainder (ties: the earlier part). The shares add up to `total` exactly.
 */
function shareTotal(total: Tally, parts: readonly Seconds[], rateMinor: number): Tally[] {
  const seconds = (key: keyof Seconds) => parts.map((part) => part[key]);
  const shares = {
    trackedHundredths: shareHundredths(total.trackedHundredths, seconds('trackedSeconds')),
    billableHundredths: shareHundredths(total.billableHundredths, seconds('billableSeconds')),
    unbilledHundredths: shareHundredths(total.unbilledHundredths, seconds('unbilledSeconds')),
    billableAmountMinor: shareAmount(total.billableAmountMinor, seconds('billableSeconds'), rateMinor),
    unbilledAmountMinor: shareAmount(total.unbilledAmountMinor, seconds('unbilledSeconds'), rateMinor),
  };
  return parts.map((part, index) => ({
    trackedSeconds: part.trackedSeconds,
    billableSeconds: part.billableSeconds,
    unbilledSeconds: part.unbilledSeconds,
    trackedHundredths: shares.trackedHundredths[index]!,
    billableHundredths: shares.billableHundredths[index]!,
    unbilledHundredths: shares.unbilledHundredths[index]!,
    billableAmountMinor: shares.billableAmountMinor[index]!,
    unbilledAmountMinor: shares.unbilledAmountMinor[index]!,
  }));
}

export interface ReportFrame {
  clientId: string | null;
  from: string;
  to: string;
  currency: string;
  defaultRateMinor: number;
}

const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

/** Items grouped by `key`, the groups in the order of their keys (which decides ties when sharing). */
const groupsInOrder = <T>(items: readonly T[], key: (item: T) => string) => [...groupBy(items, key)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A task's key: its id, time on no task first. */
const taskKey = (row: { taskId: string | null }) => row.taskId ?? '';

/** The report: totals, clients, tasks and days, all adding up exactly. */
export function buildReport(frame: ReportFrame, rows: ReportRows): BillingReport {
  const cellsByClient = groupBy(rows.cells, (cell) => cell.clientId);
  const clients: BillingReportClient[] = [];
  const tasks: BillingReportTask[] = [];
  const days = new Map<string, Tally>();
  let totals = ZERO;

  for (const client of [...rows.clients].sort(compareClients)) {
    const rateMinor = rateOf(client, frame.defaultRateMinor);
    const cells = cellsByClient.get(client.id) ?? [];
    const total = roundedTotal(sumSeconds(cells), rateMinor);
    totals = add(totals, total);
    clients.push({ clientId: client.id, clientName: client.name, color: client.color, rateMinor, rateIsDefault: client.hourlyRateMinor === null, ...toFigures(total) });

    const byTask = groupsInOrder(cells, taskKey);
    const taskShares = shareTotal(total, byTask.map(([, group]) => sumSeconds(group)), rateMinor);
    const clientTasks = byTask.map(([, group], index) => {
      const taskId = group[0]!.taskId;
      return { clientId: client.id, clientName: client.name, taskId, taskTitle: taskId ? (rows.taskTitles.get(taskId) ?? null) : null, rateMinor, ...toFigures(taskShares[index]!) };
    });
    // The most tracked first; then by title, time on no task last.
    clientTasks.sort((a, b) => b.trackedSeconds - a.trackedSeconds || (a.taskTitle ?? '\uffff').localeCompare(b.taskTitle ?? '\uffff') || (a.taskId ?? '').localeCompare(b.taskId ?? ''));
    tasks.push(...clientTasks);

    // A day's row adds up the clients' shares of that day.
    const byDay = groupsInOrder(cells, (cell) => cell.date);
    const dayShares = shareTotal(total, byDay.map(([, group]) => sumSeconds(group)), rateMinor);
    byDay.forEach(([date], index) => days.set(date, add(days.get(date) ?? ZERO, dayShares[index]!)));
  }

  const dayRows: BillingReportDay[] = [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, tally]) => ({ date, ...toFigures(tally) }));
  return {
    clientId: frame.clientId,
    from: frame.from,
    to: frame.to,
    currency: frame.currency,
    totals: toFigures(totals),
    clients,
    tasks,
    days: dayRows,
    runningEntries: rows.runningEntries,
  };
}

/** A line of the CSV: an entry's share of its task's row. */
export interface CsvLine {
  entry: EntryRow;
  client: BillingClient;
  rateMinor: number;
  hundredths: number;
  amountMinor: number;
}

/**
 * The CSV's lines: the billable (or only the unbilled) entries, each with its share of its task row's hours
 * and amount (the report's row: the client's total shared among its tasks), so the lines add up to the
 * report's billable (or unbilled) figures by task and in total. `entries` come in client and time order
 * (the repository's), and keep it; that order decides ties within a task.
 */
export function csvLines(entries: readonly EntryRow[], clients: readonly BillingClient[], defaultRateMinor: number, which: BillingCsvEntries): CsvLine[] {
  const clientById = new Map(clients.map((client) => [client.id, client]));
  const shareOf = new Map<string, Tally>();
  // Every entry here is billable, and unbilled when not yet billed.
  const secondsOf = (entry: EntryRow): Seconds => ({ trackedSeconds: entry.seconds, billableSeconds: entry.seconds, unbilledSeconds: entry.billed ? 0 : entry.seconds });
  for (const [clientId, clientEntries] of groupBy(entries, (entry) => entry.clientId)) {
    const rateMinor = rateOf(clientById.get(clientId)!, defaultRateMinor);
    const total = roundedTotal(sumSeconds(clientEntries.map(secondsOf)), rateMinor);
    const byTask = groupsInOrder(clientEntries, taskKey);
    const taskShares = shareTotal(total, byTask.map(([, group]) => sumSeconds(group.map(secondsOf))), rateMinor);
    byTask.forEach(([, group], index) => {
      const lineShares = shareTotal(taskShares[index]!, group.map(secondsOf), rateMinor);
      group.forEach((entry, line) => shareOf.set(entry.id, lineShares[line]!));
    });
  }
  return entries.map((entry) => {
    const client = clientById.get(entry.clientId)!;
    const share = shareOf.get(entry.id)!;
    return {
      entry,
      client,
      rateMinor: rateOf(client, defaultRateMinor),
      hundredths: which === 'unbilled' ? share.unbilledHundredths : share.billableHundredths,
      amountMinor: which === 'unbilled' ? share.unbilledAmountMinor : share.billableAmountMinor,
    };
  });
}

/** The CSV's rows: the header, one row per line, and the totals row. */
export function csvRows(lines: readonly CsvLine[], currency: string, oneClient: BillingClient | null): Array<Array<string>> {
  const hundredths = lines.reduce((sum, line) => sum + line.hundredths, 0);
  const amount = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const rates = new Set(lines.map((line) => line.rateMinor));
  const totalRate = rates.size === 1 ? minorToDecimal([...rates][0]!, currency) : '';
  return [
    [...BILLING_CSV_COLUMNS],
    ...lines.map((line) => [
      line.entry.date,
      line.entry.taskTitle ?? '',
      line.entry.note,
      hundredthsToDecimal(line.hundredths),
      minorToDecimal(line.rateMinor, currency),
      minorToDecimal(line.amountMinor, currency),
      line.client.name,
      currency,
    ]),
    ['Total', '', '', hundredthsToDecimal(hundredths), totalRate, minorToDecimal(amount, currency), oneClient?.name ?? '', currency],
  ];
}
