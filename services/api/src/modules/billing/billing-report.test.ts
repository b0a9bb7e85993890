import fc from 'fast-check';
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

it('gives CSV lines that add up to the report by task and in total, and to each day within a unit per task', () => {
  const rep = report();
  for (const which of ['unbilled', 'billable'] as const) {
    const entries = ENTRIES.filter((e) => which === 'billable' || !e.billed);
    const lines = csvLines(entries, [ACME, GLOBEX], DEFAULT_RATE, which);
    const hoursKey = which === 'unbilled' ? 'unbilledHours' : 'billableHours';
    const amountKey = which === 'unbilled' ? 'unbilledAmountMinor' : 'billableAmountMinor';
    for (const task of rep.tasks) {
      const ofTask = lines.filter((line) => line.entry.clientId === task.clientId && line.entry.taskId === task.taskId);
      expect(ofTask.reduce((total, line) => total + line.amountMinor, 0)).toBe(task[amountKey]);
      expect(ofTask.reduce((total, line) => total + line.hundredths, 0)).toBe(Math.round(task[hoursKey] * 100));
    }
    for (const day of rep.days) {
      const onDay = lines.filter((line) => line.entry.date === day.date);
      const tasksOnDay = new Set(onDay.map((line) => `${line.entry.clientId} ${line.entry.taskId}`)).size;
      expect(Math.abs(onDay.reduce((total, line) => total + line.amountMinor, 0) - day[amountKey])).toBeLessThanOrEqual(tasksOnDay);
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

describe('rows hold their own exact value (generated)', () => {
  const RATES = [1, 99, 8550, 9999, 10_000, 12_345, 33_333, 100_000_000];
  /** Lengths that round badly: a second off a hundredth or a cent, thirds, and a few long ones. */
  const AWKWARD_SECONDS = [1, 17, 18, 35, 36, 37, 599, 600, 601, 1199, 1200, 2399, 7236, 7080, 21_240, 36_001, 86_399];

  /** [lower, upper] whole units an exact share `numerator / divisor` may round to: the same when it is whole. */
  const bounds = (numerator: bigint, divisor: bigint) => [Number(numerator / divisor), Number((numerator + divisor - 1n) / divisor)] as const;
  const expectRoundedFrom = (actual: number, numerator: bigint, divisor: bigint, what: string) => {
    const [lower, upper] = bounds(numerator, divisor);
    if (actual < lower || actual > upper) throw new Error(`${what}: ${actual} is not ${numerator}/${divisor} rounded (${lower}..${upper})`);
  };
  /** round(numerator / divisor), half up. */
  const rounded = (numerator: bigint, divisor: bigint) => Number((2n * numerator + divisor) / (2n * divisor));

  /** An entry: its day (1-9), its task (0: no task, else 1-8), its seconds, whether it was billed. */
  const entryArbitrary = fc.record({
    day: fc.integer({ min: 1, max: 9 }),
    task: fc.integer({ min: 0, max: 8 }),
    seconds: fc.oneof(fc.constantFrom(...AWKWARD_SECONDS), fc.integer({ min: 1, max: 9000 })),
    billed: fc.boolean(),
  });
  /** A report: up to 3 clients (a rate of their own or the default) with 1-40 entries each, and the default rate. */
  const reportArbitrary = fc.record({
    defaultRate: fc.constantFrom(...RATES),
    clients: fc.array(fc.record({ rate: fc.option(fc.constantFrom(...RATES), { nil: null }), entries: fc.array(entryArbitrary, { minLength: 1, maxLength: 40 }) }), { minLength: 1, maxLength: 3 }),
  });

  it('makes each task row (and CSV line) its own exact value rounded, each client its exact total rounded (generated reports)', () => {
    fc.assert(
      fc.property(reportArbitrary, (generated) => {
        const clients: BillingClient[] = generated.clients.map(({ rate }, index) => ({ id: `c${index}`, name: `Client ${index}`, color: '#000000', sortOrder: index, hourlyRateMinor: rate }));
        const entries = generated.clients.flatMap(({ entries: seeds }, index) =>
          seeds.map((seed) => entry(clients[index]!, `2026-03-0${seed.day}`, seed.seconds, seed.task === 0 ? null : `c${index}-t${seed.task}`, seed.billed)),
        );
        checkReport(clients, entries, generated.defaultRate);
      }),
      { numRuns: 200 },
    );
  });

  function checkReport(clients: BillingClient[], entries: EntryRow[], defaultRate: number) {
    const rep = buildReport(
      { clientId: null, from: '2026-03-01', to: '2026-03-31', currency: 'USD', defaultRateMinor: defaultRate },
      { cells: cellsOf(entries), clients, taskTitles: new Map(), runningEntries: 0 },
    );
    const rateOfClient = (id: string) => BigInt(clients.find((client) => client.id === id)!.hourlyRateMinor ?? defaultRate);
    const secondsOf = (list: EntryRow[]) => {
      const tracked = list.reduce((sum, e) => sum + BigInt(e.seconds), 0n);
      return { tracked, billable: tracked, unbilled: list.reduce((sum, e) => sum + (e.billed ? 0n : BigInt(e.seconds)), 0n) };
    };
    for (const task of rep.tasks) {
      const own = secondsOf(entries.filter((e) => e.clientId === task.clientId && e.taskId === task.taskId));
      const rate = rateOfClient(task.clientId);
      const what = `task ${task.taskId}`;
      expectRoundedFrom(Math.round(task.trackedHours * 100), own.tracked, 36n, `${what} tracked hours`);
      expectRoundedFrom(Math.round(task.unbilledHours * 100), own.unbilled, 36n, `${what} unbilled hours`);
      expectRoundedFrom(task.billableAmountMinor, own.billable * rate, 3600n, `${what} billable amount`);
      expectRoundedFrom(task.unbilledAmountMinor, own.unbilled * rate, 3600n, `${what} unbilled amount`);
    }
    let totalAmount = 0;
    for (const client of rep.clients) {
      const own = secondsOf(entries.filter((e) => e.clientId === client.clientId));
      expect(client.unbilledAmountMinor).toBe(rounded(own.unbilled * rateOfClient(client.clientId), 3600n));
      expect(Math.round(client.trackedHours * 100)).toBe(rounded(own.tracked, 36n));
      const ofClient = rep.tasks.filter((task) => task.clientId === client.clientId);
      expect(ofClient.reduce((sum, task) => sum + task.unbilledAmountMinor, 0)).toBe(client.unbilledAmountMinor);
      expect(ofClient.reduce((sum, task) => sum + Math.round(task.billableHours * 100), 0)).toBe(Math.round(client.billableHours * 100));
      totalAmount += client.unbilledAmountMinor;
    }
    expect(rep.totals.unbilledAmountMinor).toBe(totalAmount);
    if (rep.clients.length === 1) {
      const all = secondsOf(entries);
      expect(rep.totals.unbilledAmountMinor).toBe(rounded(all.unbilled * rateOfClient(rep.clients[0]!.clientId), 3600n));
      expect(Math.round(rep.totals.trackedHours * 100)).toBe(rounded(all.tracked, 36n));
    }
    for (const key of ['trackedHours', 'billableHours', 'unbilledHours', 'billableAmountMinor', 'unbilledAmountMinor'] as const) {
      expect(sum(rep.days as unknown as Array<Record<string, unknown>>, key)).toBe(rep.totals[key]);
    }

    // The CSV: each line its own exact value rounded, the lines of a task its row, all of them the total.
    for (const which of ['unbilled', 'billable'] as const) {
      const read = entries.filter((e) => which === 'billable' || !e.billed);
      const lines = csvLines(read, clients, defaultRate, which);
      for (const line of lines) expectRoundedFrom(line.amountMinor, BigInt(line.entry.seconds) * BigInt(line.rateMinor), 3600n, `entry ${line.entry.id}`);
      for (const task of rep.tasks) {
        const ofTask = lines.filter((line) => line.entry.clientId === task.clientId && line.entry.taskId === task.taskId);
        expect(ofTask.reduce((total, line) => total + line.amountMinor, 0)).toBe(which === 'unbilled' ? task.unbilledAmountMinor : task.billableAmountMinor);
        expect(ofTask.reduce((total, line) => total + line.hundredths, 0)).toBe(Math.round((which === 'unbilled' ? task.unbilledHours : task.billableHours) * 100));
      }
      expect(lines.reduce((total, line) => total + line.amountMinor, 0)).toBe(which === 'unbilled' ? rep.totals.unbilledAmountMinor : rep.totals.billableAmountMinor);
    }
  }

  it('gives a task of exactly 5.90 h over several days 5.90 h, and 7,236 s at 100.00/h 201.00', () => {
    const client: BillingClient = { ...ACME, hourlyRateMinor: 10_000 };
    // 21,240 s in thirds on three days (196.67 hundredths each), beside other work whose remainders are larger.
    const entries = [
      entry(client, '2026-03-02', 7080, 'long'),
      entry(client, '2026-03-03', 7080, 'long'),
      entry(client, '2026-03-04', 7080, 'long'),
      entry(client, '2026-03-02', 2399, 'other'),
      entry(client, '2026-03-03', 2399, 'other'),
      entry(client, '2026-03-05', 2412, 'invoice'),
      entry(client, '2026-03-06', 2412, 'invoice'),
      entry(client, '2026-03-07', 2412, 'invoice'),
      entry(client, '2026-03-07', 35, null),
    ];
    const rep = buildReport(
      { clientId: client.id, from: '2026-03-01', to: '2026-03-31', currency: 'USD', defaultRateMinor: 0 },
      { cells: cellsOf(entries), clients: [client], taskTitles: new Map(), runningEntries: 0 },
    );
    const row = (taskId: string) => rep.tasks.find((task) => task.taskId === taskId)!;
    expect(row('long').trackedHours).toBe(5.9);
    expect(row('long').unbilledAmountMinor).toBe(59_000);
    expect(row('invoice').trackedSeconds).toBe(7236);
    expect(row('invoice').unbilledAmountMinor).toBe(20_100);
    expect(row('invoice').trackedHours).toBe(2.01);
  });
});
