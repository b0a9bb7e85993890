import type { BillingReport } from '@daybook/shared';
import { buildReport, csvLines, csvRows } from './billing-report';
import type { BillingClient, EntryRow, TimeCell } from './billing.repository';

/** The report's rules without the database: entries grouped into cells as the repository's aggregate does. */

const ACME: BillingClient = { id: 'a', name: 'Acme', color: '#ff0000', sortOrder: 1, hourlyRateMinor: 8550 };
const GLOBEX: BillingClient = { id: 'g', name: 'Globex', color: '#00ff00', sortOrder: 0, hourlyRateMinor: null };
const DEFAULT_RATE = 10_000;

let seq = 0;
const entry = (client: BillingClient, date: string, seconds: number, taskId: string | null, billed = false): EntryRow => ({
  id: `e${(seq += 1)}`,
  clientId: client.id,
  taskId,
  taskTitle: taskId ? `Task ${taskId}` : null,
  date,
  seconds,
  note: '',
  billable: true,
  billed,
});

/** Cells of billable entries, as the aggregate would give them (every entry here is billable). */
function cellsOf(entries: EntryRow[]): TimeCell[] {
  const cells = new Map<string, TimeCell>();
  for (const e of entries) {
    const key = `${e.clientId} ${e.taskId} ${e.date}`;
    const cell = cells.get(key) ?? { clientId: e.clientId, taskId: e.taskId, date: e.date, trackedSeconds: 0, billableSeconds: 0, unbilledSeconds: 0 };
    cell.trackedSeconds += e.seconds;
    cell.billableSeconds += e.seconds;
    cell.unbilledSeconds += e.billed ? 0 : e.seconds;
    cells.set(key, cell);
  }
  return [...cells.values()];
}

const ENTRIES = [
  entry(ACME, '2026-03-02', 5400, 't1'),
  entry(ACME, '2026-03-02', 1200, 't1'),
  entry(ACME, '2026-03-09', 420, null),
  entry(ACME, '2026-03-04', 999, 't2', true),
  entry(GLOBEX, '2026-03-02', 600, 't3'),
  entry(GLOBEX, '2026-03-03', 600, 't3'),
  entry(GLOBEX, '2026-03-04', 600, 't3'),
];

function report(): BillingReport {
  const cells = cellsOf(ENTRIES);
  return buildReport(
    { clientId: null, from: '2026-03-01', to: '2026-03-31', currency: 'USD', defaultRateMinor: DEFAULT_RATE },
    { cells, clients: [ACME, GLOBEX], taskTitles: new Map([['t1', 'Design'], ['t2', 'Review'], ['t3', 'Audit']]), runningEntries: 1 },
  );
}

const sum = (rows: Array<Record<string, unknown>>, key: string) => rows.reduce((total, row) => total + Math.round((row[key] as number) * 100), 0) / 100;

it('rounds each client once and adds clients up, in client order', () => {
  const { clients, totals, runningEntries } = report();
  expect(clients.map((c) => [c.clientName, c.rateMinor, c.rateIsDefault])).toEqual([['Globex', 10_000, true], ['Acme', 8550, false]]);
  // Acme unbilled: 7020 s at 85.50 = 16,672.50 → 16,673; billable adds the billed 999 s: 8019 s → 19,045.125 → 19,045.
  expect(clients[1]).toMatchObject({ unbilledSeconds: 7020, unbilledAmountMinor: 16673, unbilledHours: 1.95, billableSeconds: 8019, billableAmountMinor: 19045, billableHours: 2.23 });
  // Globex at the default 100.00: 1800 s = 5,000.00.
  expect(clients[0]).toMatchObject({ unbilledAmountMinor: 5000, unbilledHours: 0.5 });
  expect(totals).toMatchObject({ unbilledAmountMinor: 21673, billableAmountMinor: 24045, unbilledHours: 2.45, trackedSeconds: 9819 });
  expect(runningEntries).toBe(1);
});

it('makes the by-task and by-day rows add up exactly to the totals', () => {
  const { tasks, days, totals } = report();
  for (const rows of [tasks, days] as Array<Array<Record<string, unknown>>>) {
    for (const key of ['trackedHours', 'billableHours', 'unbilledHours', 'billableAmountMinor', 'unbilledAmountMinor', 'trackedSeconds']) {
      expect(sum(rows, key)).toBe(totals[key as keyof typeof totals]);
    }
  }
  // Globex's three 10-minute days: 1,666.67 each, 5,000.00 together.
  expect(days.map((d) => [d.date, d.unbilledAmountMinor])).toEqual([
    ['2026-03-02', 15675 + 1667],
    ['2026-03-03', 1667],
    ['2026-03-04', 1666],
    ['2026-03-09', 998],
  ]);
  expect(tasks.map((t) => [t.clientName, t.taskTitle, t.unbilledAmountMinor])).toEqual([
    ['Globex', 'Audit', 5000],
    ['Acme', 'Design', 15675],
    ['Acme', 'Review', 0],
    ['Acme', null, 998],
  ]);
});

it('gives CSV lines that add up to the report by task, by day and in total', () => {
  const rep = report();
  for (const which of ['unbilled', 'billable'] as const) {
    const entries = ENTRIES.filter((e) => which === 'billable' || !e.billed);
    const lines = csvLines(entries, [ACME, GLOBEX], DEFAULT_RATE, which);
    const hoursKey = which === 'unbilled' ? 'unbilledHours' : 'billableHours';
    const amountKey = which === 'unbilled' ? 'unbilledAmountMinor' : 'billableAmountMinor';
    for (const day of rep.days) {
      const onDay = lines.filter((line) => line.entry.date === day.date);
      expect(onDay.reduce((total, line) => total + line.amountMinor, 0)).toBe(day[amountKey]);
      expect(onDay.reduce((total, line) => total + line.hundredths, 0)).toBe(Math.round(day[hoursKey] * 100));
    }
    for (const task of rep.tasks) {
      const ofTask = lines.filter((line) => line.entry.clientId === task.clientId && line.entry.taskId === task.taskId);
      expect(ofTask.reduce((total, line) => total + line.amountMinor, 0)).toBe(task[amountKey]);
    }
    const rows = csvRows(lines, 'USD', null);
    expect(rows[0]).toEqual(['Date', 'Task', 'Note', 'Hours', 'Rate', 'Amount', 'Client', 'Currency']);
    const totalsRow = rows.at(-1)!;
    expect(totalsRow[0]).toBe('Total');
    expect(totalsRow[3]).toBe(rep.totals[hoursKey].toFixed(2));
    expect(totalsRow[5]).toBe((rep.totals[amountKey] / 100).toFixed(2));
  }
});

it('writes the CSV lines in minor-unit decimals for a zero-decimal currency', () => {
  const yen: BillingClient = { ...ACME, hourlyRateMinor: 12000 };
  const lines = csvLines([entry(yen, '2026-03-02', 100, 't1'), entry(yen, '2026-03-02', 100, 't1')], [yen], 0, 'unbilled');
  // 200 s at ¥12,000 = ¥666.67 → ¥667, shared 334 + 333.
  expect(lines.map((line) => line.amountMinor)).toEqual([334, 333]);
  const rows = csvRows(lines, 'JPY', yen);
  expect(rows.slice(1).map((row) => [row[3], row[4], row[5]])).toEqual([['0.03', '12000', '334'], ['0.03', '12000', '333'], ['0.06', '12000', '667']]);
  expect(rows.at(-1)![6]).toBe('Acme');
});
