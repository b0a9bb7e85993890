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
import type { BillingClient, EntryRow, ReportRows, TimeCell } from './billing.repository';

/**
 * The report and the CSV from the database's rows, by the one rule of billing-amounts.ts: each client's
 * totals are rounded once and shared among its cells (a task on a day) by the largest remainder; the
 * by-task and by-day rows add cells up, and the CSV shares each cell among its entries the same way. So
 * every table, the CSV and the totals agree to the hundredth of an hour and the minor unit.
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

/** The order cells are shared in (it decides ties): by day, then task id, time on no task first. */
const cellKey = (cell: Pick<TimeCell, 'date' | 'taskId'>) => `${cell.date} ${cell.taskId ?? ''}`;
const byCellKey = (a: Pick<TimeCell, 'date' | 'taskId'>, b: Pick<TimeCell, 'date' | 'taskId'>) => (cellKey(a) < cellKey(b) ? -1 : cellKey(a) > cellKey(b) ? 1 : 0);

/** A client's rate: its own, else the default. */
export const rateOf = (client: Pick<BillingClient, 'hourlyRateMinor'>, defaultRateMinor: number) => client.hourlyRateMinor ?? defaultRateMinor;

/**
 * One client's cells (in any order) shared out: the client's tally, rounded once per quantity, and each
 * cell's share, in the canonical cell order.
 */
export function shareClientCells(cells: readonly TimeCell[], rateMinor: number): { total: Tally; cells: Array<{ cell: TimeCell; tally: Tally }> } {
  const ordered = [...cells].sort(byCellKey);
  const seconds = {
    tracked: ordered.map((cell) => cell.trackedSeconds),
    billable: ordered.map((cell) => cell.billableSeconds),
    unbilled: ordered.map((cell) => cell.unbilledSeconds),
  };
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const total: Tally = {
    trackedSeconds: sum(seconds.tracked),
    billableSeconds: sum(seconds.billable),
    unbilledSeconds: sum(seconds.unbilled),
    trackedHundredths: hundredthsOfHour(sum(seconds.tracked)),
    billableHundredths: hundredthsOfHour(sum(seconds.billable)),
    unbilledHundredths: hundredthsOfHour(sum(seconds.unbilled)),
    billableAmountMinor: amountMinor(sum(seconds.billable), rateMinor),
    unbilledAmountMinor: amountMinor(sum(seconds.unbilled), rateMinor),
  };
  const shares = {
    trackedHundredths: shareHundredths(total.trackedHundredths, seconds.tracked),
    billableHundredths: shareHundredths(total.billableHundredths, seconds.billable),
    unbilledHundredths: shareHundredths(total.unbilledHundredths, seconds.unbilled),
    billableAmountMinor: shareAmount(total.billableAmountMinor, seconds.billable, rateMinor),
    unbilledAmountMinor: shareAmount(total.unbilledAmountMinor, seconds.unbilled, rateMinor),
  };
  return {
    total,
    cells: ordered.map((cell, index) => ({
      cell,
      tally: {
        trackedSeconds: cell.trackedSeconds,
        billableSeconds: cell.billableSeconds,
        unbilledSeconds: cell.unbilledSeconds,
        trackedHundredths: shares.trackedHundredths[index]!,
        billableHundredths: shares.billableHundredths[index]!,
        unbilledHundredths: shares.unbilledHundredths[index]!,
        billableAmountMinor: shares.billableAmountMinor[index]!,
        unbilledAmountMinor: shares.unbilledAmountMinor[index]!,
      },
    })),
  };
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

/** The report: totals, clients, tasks and days, all adding up exactly. */
export function buildReport(frame: ReportFrame, rows: ReportRows): BillingReport {
  const cellsByClient = groupBy(rows.cells, (cell) => cell.clientId);
  const clients: BillingReportClient[] = [];
  const tasks: BillingReportTask[] = [];
  const days = new Map<string, Tally>();
  let totals = ZERO;

  for (const client of [...rows.clients].sort(compareClients)) {
    const rateMinor = rateOf(client, frame.defaultRateMinor);
    const shared = shareClientCells(cellsByClient.get(client.id) ?? [], rateMinor);
    totals = add(totals, shared.total);
    clients.push({ clientId: client.id, clientName: client.name, color: client.color, rateMinor, rateIsDefault: client.hourlyRateMinor === null, ...toFigures(shared.total) });

    const byTask = new Map<string | null, Tally>();
    for (const { cell, tally } of shared.cells) {
      byTask.set(cell.taskId, add(byTask.get(cell.taskId) ?? ZERO, tally));
      days.set(cell.date, add(days.get(cell.date) ?? ZERO, tally));
    }
    const clientTasks = [...byTask].map(([taskId, tally]) => ({
      clientId: client.id,
      clientName: client.name,
      taskId,
      taskTitle: taskId ? (rows.taskTitles.get(taskId) ?? null) : null,
      rateMinor,
      ...toFigures(tally),
    }));
    // The most tracked first; then by title, time on no task last.
    clientTasks.sort((a, b) => b.trackedSeconds - a.trackedSeconds || (a.taskTitle ?? '\uffff').localeCompare(b.taskTitle ?? '\uffff') || (a.taskId ?? '').localeCompare(b.taskId ?? ''));
    tasks.push(...clientTasks);
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

/** A line of the CSV: an entry's share of its cell. */
export interface CsvLine {
  entry: EntryRow;
  client: BillingClient;
  rateMinor: number;
  hundredths: number;
  amountMinor: number;
}

/**
 * The CSV's lines: the billable (or only the unbilled) entries, each with its share of its cell's hours and
 * amount, so the lines add up to the report's billable (or unbilled) figures by task, by day and in total.
 * `entries` come in client and time order (the repository's), and keep it.
 */
export function csvLines(entries: readonly EntryRow[], clients: readonly BillingClient[], defaultRateMinor: number, which: BillingCsvEntries): CsvLine[] {
  const clientById = new Map(clients.map((client) => [client.id, client]));
  const shareOf = new Map<string, { hundredths: number; amountMinor: number }>();
  for (const [clientId, clientEntries] of groupBy(entries, (entry) => entry.clientId)) {
    const client = clientById.get(clientId)!;
    const cellEntries = groupBy(clientEntries, (entry) => cellKey(entry));
    const cells: TimeCell[] = [...cellEntries.values()].map((group) => {
      const seconds = group.reduce((sum, entry) => sum + entry.seconds, 0);
      // Every entry here is billable, and unbilled when only those were read.
      const unbilled = group.reduce((sum, entry) => sum + (entry.billed ? 0 : entry.seconds), 0);
      return { clientId, taskId: group[0]!.taskId, date: group[0]!.date, trackedSeconds: seconds, billableSeconds: seconds, unbilledSeconds: unbilled };
    });
    const rateMinor = rateOf(client, defaultRateMinor);
    for (const { cell, tally } of shareClientCells(cells, rateMinor).cells) {
      const group = cellEntries.get(cellKey(cell))!;
      const hundredths = which === 'unbilled' ? tally.unbilledHundredths : tally.billableHundredths;
      const amount = which === 'unbilled' ? tally.unbilledAmountMinor : tally.billableAmountMinor;
      const weights = group.map((entry) => (which === 'unbilled' && entry.billed ? 0 : entry.seconds));
      const hourShares = shareHundredths(hundredths, weights);
      const amountShares = shareAmount(amount, weights, rateMinor);
      group.forEach((entry, index) => shareOf.set(entry.id, { hundredths: hourShares[index]!, amountMinor: amountShares[index]! }));
    }
  }
  return entries.map((entry) => {
    const client = clientById.get(entry.clientId)!;
    return { entry, client, rateMinor: rateOf(client, defaultRateMinor), ...shareOf.get(entry.id)! };
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
