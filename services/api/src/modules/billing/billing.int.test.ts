import { parse } from 'csv-parse/sync';
import type { BillingPeriod, BillingReport, Client } from '@daybook/shared';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { NOTHING_TO_BILL_MESSAGE } from './billing.service';

/**
 * Billing (DECISIONS 31) against the real database. The clock stands on Wednesday, March 11, 2026, 15:00
 * UTC; users are in America/New_York (EDT from March 8). Entries are written straight into time_entries
 * (time tracking's table), so every second is known; one test goes through time tracking's own routes.
 */
const NOW = new Date('2026-03-11T15:00:00.000Z');

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;
let annaId: string;
let bobId: string;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  annaId = (await anna.signUpAndIn('anna')).id;
  bobId = (await bob.signUpAndIn('bob')).id;
});

const sql = () => t.orm.em.getConnection();
const ok = <T>(res: { status: number; text: string; body: unknown }, status = 200): T => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${res.text}`);
  return res.body as T;
};
const createClient = async (as: ApiClient, body: Record<string, unknown>) => ok<Client>(await as.post('/api/clients', body), 201);
const createTask = async (as: ApiClient, title: string, clientId: string) => ok<{ id: string }>(await as.post('/api/tasks', { title, clientId }), 201).id;

interface EntrySeed {
  clientId: string | null;
  taskId?: string | null;
  /** UTC ISO instant. */
  start: string;
  seconds: number | null;
  billable?: boolean;
  note?: string;
}
async function entry(userId: string, seed: EntrySeed): Promise<string> {
  const [row] = await sql().execute<{ id: string }[]>(
    `insert into time_entries (user_id, task_id, client_id, started_at, ended_at, note, billable)
     values (?, ?, ?, ?::timestamptz, case when ?::int is null then null else ?::timestamptz + make_interval(secs => ?::int) end, ?, ?) returning id`,
    [userId, seed.taskId ?? null, seed.clientId, seed.start, seed.seconds, seed.start, seed.seconds, seed.note ?? '', seed.billable ?? true],
  );
  return row!.id;
}

const report = async (as: ApiClient, query: string) => ok<BillingReport>(await as.get(`/api/billing/report?${query}`));
const csv = async (as: ApiClient, query: string) => {
  const res = await as.get(`/api/billing/report.csv?${query}`);
  expect(res.status).toBe(200);
  return res;
};
const rowsOf = (text: string) => parse(text, { bom: true }) as string[][];

/** Two clients with rates, one at the default, and a month of entries with every rounding case. */
async function seedMarch() {
  await ok(await anna.put('/api/billing/settings', { currency: 'USD', defaultHourlyRateMinor: 10_000 }));
  const acme = await createClient(anna, { name: 'Acme', hourlyRateMinor: 8550 });
  const globex = await createClient(anna, { name: 'Globex' });
  const initech = await createClient(anna, { name: 'Initech', hourlyRateMinor: 12_345 });
  const design = await createTask(anna, 'Design', acme.id);
  const review = await createTask(anna, 'Review', acme.id);
  const audit = await createTask(anna, 'Audit', globex.id);
  // Acme: 1 h 30 + 20 min on Design on March 2, 10 min not billable on Review, 7 min on no task that starts
  // at 23:30 on March 9 in New York (03:30 UTC on the 10th).
  await entry(annaId, { clientId: acme.id, taskId: design, start: '2026-03-02T14:00:00Z', seconds: 5400, note: 'Wireframes' });
  await entry(annaId, { clientId: acme.id, taskId: design, start: '2026-03-02T16:00:00Z', seconds: 1200, note: '=HYPERLINK("x")' });
  await entry(annaId, { clientId: acme.id, taskId: review, start: '2026-03-03T14:00:00Z', seconds: 600, billable: false });
  await entry(annaId, { clientId: acme.id, taskId: null, start: '2026-03-10T03:30:00Z', seconds: 420, note: 'Call, "urgent"\nfollow-up' });
  // Globex at the default rate: three 10-minute entries on three days.
  for (const day of ['02', '03', '04']) await entry(annaId, { clientId: globex.id, taskId: audit, start: `2026-03-${day}T15:00:00Z`, seconds: 600 });
  // Initech: 1 s, to the cent: 123.45 / 3600 = 0.0343 → 0.03.
  await entry(annaId, { clientId: initech.id, start: '2026-03-05T15:00:00Z', seconds: 1 });
  // Not counted: a running timer, an entry without a client, and February's and April's time.
  await entry(annaId, { clientId: acme.id, taskId: design, start: '2026-03-11T14:00:00Z', seconds: null });
  await entry(annaId, { clientId: null, start: '2026-03-05T15:00:00Z', seconds: 3600 });
  await entry(annaId, { clientId: acme.id, start: '2026-03-01T04:59:00Z', seconds: 3600 }); // Feb 28, 23:59 in New York
  await entry(annaId, { clientId: acme.id, start: '2026-04-01T04:00:00Z', seconds: 3600 }); // April 1, 00:00
  return { acme, globex, initech, design, review, audit };
}

describe('settings', () => {
  it('answers USD and no default rate before anything is saved, then what was saved', async () => {
    expect(ok(await anna.get('/api/billing/settings'))).toEqual({ currency: 'USD', defaultHourlyRateMinor: 0 });
    expect(ok(await anna.put('/api/billing/settings', { currency: 'eur', defaultHourlyRateMinor: 9000 }))).toEqual({ currency: 'EUR', defaultHourlyRateMinor: 9000 });
    expect(ok(await anna.get('/api/billing/settings'))).toEqual({ currency: 'EUR', defaultHourlyRateMinor: 9000 });
    expect(ok(await bob.get('/api/billing/settings'))).toEqual({ currency: 'USD', defaultHourlyRateMinor: 0 });
  });

  it.each([
    [{ currency: 'XYZ', defaultHourlyRateMinor: 0 }, 'Currency must be an ISO 4217 code like USD or EUR'],
    [{ currency: 'USD', defaultHourlyRateMinor: 12.5 }, 'Hourly rate must be a whole number of minor units (cents)'],
    [{ currency: 'USD' }, 'Hourly rate must be a number'],
  ])('refuses %j with 400 and saves nothing', async (body, message) => {
    const before = await rowCounts(t.orm);
    const res = await anna.put('/api/billing/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('keeps rates as written when the currency changes its minor digits (USD → JPY → KWD)', async () => {
    await ok(await anna.put('/api/billing/settings', { currency: 'USD', defaultHourlyRateMinor: 8550 }));
    const acme = await createClient(anna, { name: 'Acme', hourlyRateMinor: 12_050 });
    await createClient(anna, { name: 'Globex' });
    await ok(await anna.put('/api/billing/settings', { currency: 'JPY', defaultHourlyRateMinor: 9000 }));
    const clients = ok<Client[]>(await anna.get('/api/clients'));
    expect(clients.map((c) => [c.name, c.hourlyRateMinor])).toEqual([['Acme', 121], ['Globex', null]]);
    await ok(await anna.put('/api/billing/settings', { currency: 'KWD', defaultHourlyRateMinor: 9000 }));
    expect(ok<Client[]>(await anna.get('/api/clients')).find((c) => c.id === acme.id)!.hourlyRateMinor).toBe(121_000);
  });
});

describe('report', () => {
  it('totals tracked, billable and unbilled hours and amounts to the cent, per client, with the default rate as fallback', async () => {
    const { acme, globex, initech } = await seedMarch();
    const rep = await report(anna, 'period=this-month');
    expect(rep).toMatchObject({ clientId: null, from: '2026-03-01', to: '2026-03-31', currency: 'USD', runningEntries: 1 });
    expect(rep.clients.map((c) => [c.clientName, c.rateMinor, c.rateIsDefault])).toEqual([['Acme', 8550, false], ['Globex', 10_000, true], ['Initech', 12_345, false]]);
    // Acme: 7020 billable s at 85.50 = 16,672.50 → 16,673; tracked 7620 s = 2.1166 h → 2.12.
    expect(rep.clients[0]).toMatchObject({ clientId: acme.id, trackedSeconds: 7620, billableSeconds: 7020, unbilledSeconds: 7020, trackedHours: 2.12, billableHours: 1.95, billableAmountMinor: 16_673, unbilledAmountMinor: 16_673 });
    // Globex: 1800 s at the default 100.00 = 50.00.
    expect(rep.clients[1]).toMatchObject({ clientId: globex.id, billableSeconds: 1800, billableHours: 0.5, billableAmountMinor: 5000 });
    expect(rep.clients[2]).toMatchObject({ clientId: initech.id, billableSeconds: 1, billableHours: 0, billableAmountMinor: 3 });
    expect(rep.totals).toMatchObject({ trackedSeconds: 9421, billableSeconds: 8821, trackedHours: 2.62, billableHours: 2.45, billableAmountMinor: 21_676, unbilledAmountMinor: 21_676 });
  });

  it('attributes entries to the day they start in the user’s timezone, and makes every table add up exactly', async () => {
    const { acme } = await seedMarch();
    const rep = await report(anna, `clientId=${acme.id}&from=2026-03-01&to=2026-03-31`);
    expect(rep.days.map((d) => [d.date, d.trackedHours, d.billableAmountMinor])).toEqual([
      ['2026-03-02', 1.83, 15_675],
      ['2026-03-03', 0.17, 0],
      ['2026-03-09', 0.12, 998],
    ]);
    expect(rep.tasks.map((task) => [task.taskTitle, task.trackedHours, task.billableHours, task.billableAmountMinor])).toEqual([
      ['Design', 1.83, 1.83, 15_675],
      ['Review', 0.17, 0, 0],
      [null, 0.12, 0.12, 998],
    ]);
    const cents = (values: number[]) => values.reduce((a, b) => a + Math.round(b * 100), 0);
    expect(cents(rep.days.map((d) => d.trackedHours))).toBe(Math.round(rep.totals.trackedHours * 100));
    expect(cents(rep.tasks.map((d) => d.billableHours))).toBe(Math.round(rep.totals.billableHours * 100));
    expect(rep.days.reduce((a, d) => a + d.billableAmountMinor, 0)).toBe(rep.totals.billableAmountMinor);
  });

  it('gives each task row its own exact value: 21,240 s over three days is 5.90 h, 7,236 s at 100.00/h is 201.00', async () => {
    await ok(await anna.put('/api/billing/settings', { currency: 'USD', defaultHourlyRateMinor: 10_000 }));
    const acme = await createClient(anna, { name: 'Acme' });
    const long = await createTask(anna, 'Long one', acme.id);
    const invoice = await createTask(anna, 'Invoice', acme.id);
    const other = await createTask(anna, 'Other', acme.id);
    // Thirds of 5.90 h (1.9667 h each), beside work whose remainders are larger, so a sum of
    // task-by-day cells would round the long task to 5.89 h or 5.91 h and the invoice to 200.99.
    for (const day of ['02', '03', '04']) await entry(annaId, { clientId: acme.id, taskId: long, start: `2026-03-${day}T14:00:00Z`, seconds: 7080 });
    for (const day of ['02', '03']) await entry(annaId, { clientId: acme.id, taskId: other, start: `2026-03-${day}T18:00:00Z`, seconds: 2399 });
    for (const day of ['05', '06', '07']) await entry(annaId, { clientId: acme.id, taskId: invoice, start: `2026-03-${day}T14:00:00Z`, seconds: 2412 });
    await entry(annaId, { clientId: acme.id, start: '2026-03-07T18:00:00Z', seconds: 35 });
    const rep = await report(anna, `clientId=${acme.id}&from=2026-03-01&to=2026-03-31`);
    const row = (title: string) => rep.tasks.find((task) => task.taskTitle === title)!;
    expect(row('Long one')).toMatchObject({ trackedSeconds: 21_240, trackedHours: 5.9, unbilledHours: 5.9, unbilledAmountMinor: 59_000 });
    expect(row('Invoice')).toMatchObject({ trackedSeconds: 7236, trackedHours: 2.01, unbilledAmountMinor: 20_100 });
    expect(rep.tasks.reduce((sum, task) => sum + task.unbilledAmountMinor, 0)).toBe(rep.totals.unbilledAmountMinor);
    const lines = rowsOf((await csv(anna, `clientId=${acme.id}&from=2026-03-01&to=2026-03-31`)).text).slice(1, -1);
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(lines.filter((line) => line[1] === 'Long one').reduce((sum, line) => sum + cents(line[3]!), 0)).toBe(590);
    expect(lines.filter((line) => line[1] === 'Invoice').reduce((sum, line) => sum + cents(line[5]!), 0)).toBe(20_100);
  });

  it('counts a zero-decimal currency in whole yen', async () => {
    await ok(await anna.put('/api/billing/settings', { currency: 'JPY', defaultHourlyRateMinor: 12_000 }));
    const tokyo = await createClient(anna, { name: 'Tokyo Co' });
    for (const day of ['02', '03', '04']) await entry(annaId, { clientId: tokyo.id, start: `2026-03-${day}T15:00:00Z`, seconds: 100 });
    const rep = await report(anna, `clientId=${tokyo.id}`);
    // 300 s at ¥12,000 = ¥1,000 exactly; each day's 100 s is ¥333.33: 334 + 333 + 333.
    expect(rep).toMatchObject({ currency: 'JPY', totals: { billableAmountMinor: 1000, billableHours: 0.08 } });
    expect(rep.days.map((d) => d.billableAmountMinor)).toEqual([334, 333, 333]);
    const lines = rowsOf((await csv(anna, `clientId=${tokyo.id}`)).text);
    expect(lines.slice(1).map((line) => line[5])).toEqual(['334', '333', '333', '1000']);
    expect(lines.at(-1)).toEqual(['Total', '', '', '0.08', '12000', '1000', 'Tokyo Co', 'JPY']);
  });

  it('gives the presets in the user’s timezone: this and last week (Sunday to Saturday), last month', async () => {
    expect(await report(anna, 'period=this-week')).toMatchObject({ from: '2026-03-08', to: '2026-03-14' });
    expect(await report(anna, 'period=last-week')).toMatchObject({ from: '2026-03-01', to: '2026-03-07' });
    expect(await report(anna, 'period=last-month')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(await report(anna, '')).toMatchObject({ from: '2026-03-01', to: '2026-03-31', totals: { trackedSeconds: 0 }, tasks: [], days: [] });
    // In Tokyo it is already Thursday the 12th, still the same week.
    await ok(await anna.patch('/api/auth/user/timezone', { timezone: 'Asia/Tokyo' }));
    expect(await report(anna, 'period=this-week')).toMatchObject({ from: '2026-03-08', to: '2026-03-14' });
  });

  it.each([
    ['from=2026-03-31&to=2026-03-01', 'The start date must not be after the end date'],
    ['from=2025-01-01&to=2026-03-01', 'A period covers at most 366 days'],
    ['period=custom&from=2026-03-01', 'Choose the end date'],
    ['from=2026-02-30&to=2026-03-01', 'Date does not exist'],
    ['period=fortnight', null],
    ['clientId=nope', 'Invalid id'],
  ])('refuses ?%s with 400', async (query, message) => {
    for (const path of ['/api/billing/report', '/api/billing/report.csv']) {
      const res = await anna.get(`${path}?${query}`);
      expect(res.status).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
  });
});

describe('CSV', () => {
  it('lists the unbilled entries for an invoice and matches the report exactly (RFC 4180, formula guard)', async () => {
    const { acme } = await seedMarch();
    const res = await csv(anna, `clientId=${acme.id}&period=this-month`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="daybook-billing-acme-2026-03-01-2026-03-31.csv"');
    expect(res.text).toContain('\r\n');
    const rows = rowsOf(res.text);
    expect(rows).toEqual([
      ['Date', 'Task', 'Note', 'Hours', 'Rate', 'Amount', 'Client', 'Currency'],
      ['2026-03-02', 'Design', 'Wireframes', '1.50', '85.50', '128.25', 'Acme', 'USD'],
      ['2026-03-02', 'Design', `'=HYPERLINK("x")`, '0.33', '85.50', '28.50', 'Acme', 'USD'],
      ['2026-03-09', '', 'Call, "urgent"\nfollow-up', '0.12', '85.50', '9.98', 'Acme', 'USD'],
      ['Total', '', '', '1.95', '85.50', '166.73', 'Acme', 'USD'],
    ]);
    const rep = await report(anna, `clientId=${acme.id}&period=this-month`);
    expect(rows.at(-1)![3]).toBe(rep.totals.unbilledHours.toFixed(2));
    expect(rows.at(-1)![5]).toBe((rep.totals.unbilledAmountMinor / 100).toFixed(2));
  });

  it('matches the report of all clients by task and in total (and each day within a unit per task), for unbilled and for billable entries', async () => {
    const { acme } = await seedMarch();
    // Bill part of Acme's time first, so unbilled and billable differ.
    ok(await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-09', to: '2026-03-09' }), 201);
    const rep = await report(anna, 'period=this-month');
    const cents = (text: string) => Math.round(Number(text) * 100);
    for (const which of ['unbilled', 'billable'] as const) {
      const rows = rowsOf((await csv(anna, `period=this-month&entries=${which}`)).text);
      const lines = rows.slice(1, -1);
      const totals = rows.at(-1)!;
      const amountKey = which === 'unbilled' ? 'unbilledAmountMinor' : 'billableAmountMinor';
      const hoursKey = which === 'unbilled' ? 'unbilledHours' : 'billableHours';
      expect(cents(totals[5]!)).toBe(rep.totals[amountKey]);
      expect(cents(totals[3]!)).toBe(Math.round(rep.totals[hoursKey] * 100));
      expect(lines.reduce((sum, line) => sum + cents(line[5]!), 0)).toBe(rep.totals[amountKey]);
      for (const task of rep.tasks) {
        const ofTask = lines.filter((line) => line[6] === task.clientName && line[1] === (task.taskTitle ?? ''));
        expect(ofTask.reduce((sum, line) => sum + cents(line[5]!), 0)).toBe(task[amountKey]);
        expect(ofTask.reduce((sum, line) => sum + cents(line[3]!), 0)).toBe(Math.round(task[hoursKey] * 100));
      }
      for (const day of rep.days) {
        const onDay = lines.filter((line) => line[0] === day.date);
        const tasksOnDay = new Set(onDay.map((line) => `${line[6]} ${line[1]}`)).size;
        expect(Math.abs(onDay.reduce((sum, line) => sum + cents(line[5]!), 0) - day[amountKey])).toBeLessThanOrEqual(tasksOnDay);
      }
      expect(totals[4]).toBe(''); // several rates
    }
    expect(rep.clients[0]).toMatchObject({ billableAmountMinor: 16_673, unbilledAmountMinor: 15_675 });
  });
});

describe('mark as billed', () => {
  it('records the period with what it came to, and excludes its hours from the next report’s unbilled', async () => {
    const { acme, globex } = await seedMarch();
    const period = ok<BillingPeriod>(await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-01', to: '2026-03-31' }), 201);
    expect(period).toEqual({
      id: expect.any(String),
      clientId: acme.id,
      clientName: 'Acme',
      from: '2026-03-01',
      to: '2026-03-31',
      billedAt: NOW.toISOString(),
      entryCount: 3,
      seconds: 7020,
      hours: 1.95,
      rateMinor: 8550,
      amountMinor: 16_673,
      currency: 'USD',
    });
    const rep = await report(anna, 'period=this-month');
    expect(rep.clients.find((c) => c.clientId === acme.id)).toMatchObject({ billableAmountMinor: 16_673, unbilledAmountMinor: 0, unbilledHours: 0 });
    expect(rep.clients.find((c) => c.clientId === globex.id)).toMatchObject({ unbilledAmountMinor: 5000 });
    // Billed once: nothing is left, and the unbilled CSV has only its totals row.
    const again = await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-01', to: '2026-03-31' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(NOTHING_TO_BILL_MESSAGE);
    expect(rowsOf((await csv(anna, `clientId=${acme.id}`)).text)).toEqual([
      ['Date', 'Task', 'Note', 'Hours', 'Rate', 'Amount', 'Client', 'Currency'],
      ['Total', '', '', '0.00', '', '0.00', 'Acme', 'USD'],
    ]);
    // The running entry, February's and April's stay unbilled.
    const [left] = await sql().execute<{ n: number }[]>('select count(*)::int as n from time_entries where client_id = ? and billing_period_id is null', [acme.id]);
    expect(left!.n).toBe(4); // not billable, running, February, April
    // A rate change later leaves the period alone.
    await anna.patch(`/api/clients/${acme.id}`, { hourlyRateMinor: 20_000 });
    expect(ok<{ items: BillingPeriod[] }>(await anna.get('/api/billing/periods')).items).toEqual([period]);
  });

  it('bills once when several requests arrive together, from two devices', async () => {
    const { acme } = await seedMarch();
    const laptop = t.client();
    await laptop.signIn('anna');
    const body = { clientId: acme.id, from: '2026-03-01', to: '2026-03-31' };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? laptop : anna).post('/api/billing/periods', body)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [periods] = await sql().execute<{ n: number }[]>('select count(*)::int as n from billing_periods');
    expect(periods!.n).toBe(1);
    const stamped = await sql().execute<{ billing_period_id: string; n: number }[]>(
      'select billing_period_id, count(*)::int as n from time_entries where billing_period_id is not null group by 1',
    );
    expect(stamped).toEqual([{ billing_period_id: answers.find((res) => res.status === 201)!.body.id, n: 3 }]);
  });

  it('two devices billing overlapping periods bill each entry once', async () => {
    const { acme } = await seedMarch();
    const answers = await Promise.all([
      anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-01', to: '2026-03-31' }),
      anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-02', to: '2026-03-02' }),
    ]);
    const billed = answers.filter((res) => res.status === 201).map((res) => res.body as BillingPeriod);
    expect(billed.reduce((sum, p) => sum + p.seconds, 0)).toBe(7020);
    expect(billed.reduce((sum, p) => sum + p.amountMinor, 0)).toBeGreaterThanOrEqual(16_672);
  });

  it('lists periods newest first in pages, and undoes one: its entries are unbilled again', async () => {
    const { acme, globex } = await seedMarch();
    const first = ok<BillingPeriod>(await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-01', to: '2026-03-05' }), 201);
    const second = ok<BillingPeriod>(await anna.post('/api/billing/periods', { clientId: globex.id, from: '2026-03-01', to: '2026-03-31' }), 201);
    // Billed at the same instant (the test clock stands still): the later id comes first.
    const newestFirst = [first, second].sort((a, b) => (a.id < b.id ? 1 : -1));
    const page1 = ok<{ items: BillingPeriod[]; nextCursor: string | null }>(await anna.get('/api/billing/periods?limit=1'));
    expect(page1.items).toEqual([newestFirst[0]]);
    const page2 = ok<{ items: BillingPeriod[]; nextCursor: string | null }>(await anna.get(`/api/billing/periods?limit=1&cursor=${page1.nextCursor}`));
    expect(page2).toEqual({ items: [newestFirst[1]], nextCursor: null });
    expect(ok<{ items: BillingPeriod[] }>(await anna.get(`/api/billing/periods?clientId=${acme.id}`)).items).toEqual([first]);
    expect((await anna.get('/api/billing/periods?cursor=bogus')).status).toBe(400);

    expect((await anna.delete(`/api/billing/periods/${first.id}`)).status).toBe(204);
    expect((await anna.delete(`/api/billing/periods/${first.id}`)).status).toBe(404);
    expect((await report(anna, `clientId=${acme.id}`)).totals.unbilledAmountMinor).toBe(16_673);
    expect(ok<{ items: BillingPeriod[] }>(await anna.get('/api/billing/periods')).items).toEqual([second]);
  });

  it('refuses edits of a billed entry through time tracking, and allows them again once the period is undone', async () => {
    const acme = await createClient(anna, { name: 'Acme', hourlyRateMinor: 6000 });
    const created = ok<{ id: string }>(await anna.post('/api/time-entries', { clientId: acme.id, startedAt: '2026-03-10T14:00:00.000Z', durationSeconds: 1800 }), 201);
    const period = ok<BillingPeriod>(await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-10', to: '2026-03-10' }), 201);
    expect(period).toMatchObject({ entryCount: 1, seconds: 1800, amountMinor: 3000 });
    expect((await anna.patch(`/api/time-entries/${created.id}`, { note: 'changed' })).status).toBe(409);
    expect((await anna.delete(`/api/time-entries/${created.id}`)).status).toBe(409);
    expect((await anna.delete(`/api/billing/periods/${period.id}`)).status).toBe(204);
    expect((await anna.patch(`/api/time-entries/${created.id}`, { note: 'changed' })).status).toBe(200);
  });

  it.each([
    [{ clientId: undefined, from: '2026-03-01', to: '2026-03-31' }, null],
    [{ clientId: 'x', from: '2026-03-01', to: '2026-03-31' }, 'Invalid id'],
    [{ from: '2026-03-31', to: '2026-03-01' }, 'The start date must not be after the end date'],
  ])('refuses %j with 400 and bills nothing', async (body, message) => {
    const { acme } = await seedMarch();
    const res = await anna.post('/api/billing/periods', { clientId: acme.id, ...body });
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    const [row] = await sql().execute<{ n: number }[]>('select count(*)::int as n from time_entries where billing_period_id is not null');
    expect(row!.n).toBe(0);
  });
});

describe('client totals', () => {
  it('gives every client’s unbilled total and this week’s tracked time in one call, and one client’s', async () => {
    const { acme, globex, initech } = await seedMarch();
    // This week (March 8–14): Acme's 7 minutes on the 9th; the running timer does not count.
    const summary = ok<{ currency: string; weekFrom: string; weekTo: string; clients: Array<Record<string, unknown>> }>(await anna.get('/api/billing/summary'));
    expect(summary).toMatchObject({ currency: 'USD', weekFrom: '2026-03-08', weekTo: '2026-03-14' });
    // All of the unbilled time counts, whatever its date: February's and April's hours too.
    expect(summary.clients).toEqual([
      { clientId: acme.id, rateMinor: 8550, rateIsDefault: false, unbilledSeconds: 14_220, unbilledHours: 3.95, unbilledAmountMinor: 33_773, weekTrackedSeconds: 420, weekTrackedHours: 0.12 },
      { clientId: globex.id, rateMinor: 10_000, rateIsDefault: true, unbilledSeconds: 1800, unbilledHours: 0.5, unbilledAmountMinor: 5000, weekTrackedSeconds: 0, weekTrackedHours: 0 },
      { clientId: initech.id, rateMinor: 12_345, rateIsDefault: false, unbilledSeconds: 1, unbilledHours: 0, unbilledAmountMinor: 3, weekTrackedSeconds: 0, weekTrackedHours: 0 },
    ]);
    expect(ok(await anna.get(`/api/billing/clients/${acme.id}/summary`))).toEqual({ currency: 'USD', weekFrom: '2026-03-08', weekTo: '2026-03-14', ...summary.clients[0] });
    ok(await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-02-01', to: '2026-04-30' }), 201);
    expect(ok(await anna.get(`/api/billing/clients/${acme.id}/summary`))).toMatchObject({ unbilledSeconds: 0, unbilledAmountMinor: 0, weekTrackedSeconds: 420 });
  });
});

describe('ownership', () => {
  it('treats another user’s client and period as missing everywhere, and shows none of their time', async () => {
    const { acme } = await seedMarch();
    const period = ok<BillingPeriod>(await anna.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-01', to: '2026-03-05' }), 201);
    const before = await rowCounts(t.orm);
    expect((await bob.get(`/api/billing/report?clientId=${acme.id}`)).status).toBe(404);
    expect((await bob.get(`/api/billing/report.csv?clientId=${acme.id}`)).status).toBe(404);
    expect((await bob.post('/api/billing/periods', { clientId: acme.id, from: '2026-03-01', to: '2026-03-31' })).status).toBe(404);
    expect((await bob.get(`/api/billing/periods?clientId=${acme.id}`)).status).toBe(404);
    expect((await bob.delete(`/api/billing/periods/${period.id}`)).status).toBe(404);
    expect((await bob.get(`/api/billing/clients/${acme.id}/summary`)).status).toBe(404);
    expect(await rowCounts(t.orm)).toEqual(before);
    // Bob's own views hold nothing of Anna's, even an entry of his naming her client.
    await entry(bobId, { clientId: acme.id, start: '2026-03-04T15:00:00Z', seconds: 3600 });
    expect(await report(bob, 'period=this-month')).toMatchObject({ totals: { trackedSeconds: 0 }, clients: [], tasks: [], days: [] });
    expect(ok<{ items: unknown[] }>(await bob.get('/api/billing/periods')).items).toEqual([]);
    expect(ok<{ clients: unknown[] }>(await bob.get('/api/billing/summary')).clients).toEqual([]);
    expect(rowsOf((await csv(bob, 'period=this-month')).text)).toHaveLength(2);
  });

  it('needs a signed-in user', async () => {
    const stranger = t.client();
    for (const path of ['/api/billing/settings', '/api/billing/report', '/api/billing/report.csv', '/api/billing/periods', '/api/billing/summary']) {
      expect((await stranger.get(path)).status).toBe(401);
    }
  });
});
