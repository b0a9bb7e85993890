import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../../core/errors';
import { IMPORT_CELL_MAX, IMPORT_ROWS_MAX, readCsv, safeCell, writeCsvRows } from '../csv';
import type { PlanItem } from '../import-plan';
import { parseDaybookJson } from './daybook.parser';
import { parseTickTickCsv, readTickTickInstant, readTickTickRepeat } from './ticktick.parser';
import { parseTodoistCsv } from './todoist.parser';

const NOW = new Date('2026-11-27T10:00:00Z'); // a Friday, 11:00 in Berlin
const TZ = 'Europe/Berlin';
const HEADER = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG';
const todoist = (lines: string[], eol = '\r\n', project = 'Work') => parseTodoistCsv([HEADER, ...lines].join(eol) + eol, { project, now: NOW, timezone: TZ });
type TaskItem = Extract<PlanItem, { type: 'task' }>;
const tasksOf = (items: PlanItem[]) => items.filter((item): item is TaskItem => item.type === 'task');
const clientsOf = (items: PlanItem[]) => items.flatMap((item) => (item.type === 'client' ? [item.name] : []));

function badFile(parse: () => unknown): AppError {
  try {
    parse();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('Todoist project CSV', () => {
  it('reads PRIORITY on Todoist’s documented scale (1 is p1, the highest; 4 is p4)', () => {
    const plan = todoist(['task,A,,1,1,,,,,,,,,', 'task,B,,2,1,,,,,,,,,', 'task,C,,3,1,,,,,,,,,', 'task,D,,4,1,,,,,,,,,', 'task,E,,,1,,,,,,,,,']);
    expect(tasksOf(plan.items).map((item) => [item.task.title, item.task.priority])).toEqual([
      ['A', 'urgent'],
      ['B', 'high'],
      ['C', 'medium'],
      ['D', 'low'],
      ['E', 'medium'],
    ]);
  });

  it('flags a PRIORITY outside 1–4 by its row and gives the task medium priority', () => {
    const plan = todoist(['task,A,,9,1,,,,,,,,,']);
    expect(tasksOf(plan.items)[0]!.task.priority).toBe('medium');
    expect(plan.problems).toEqual([{ row: 2, message: expect.stringContaining('PRIORITY “9”') }]);
  });

  it('reads dates in words with the structurer, in the user’s zone, repeats included', () => {
    const plan = todoist([
      'task,Weekly,,1,1,,,every monday,en,Europe/Berlin,,,,',
      'task,Timed,,1,1,,,tomorrow 3pm,en,Europe/Berlin,,,,',
      'task,Month day,,1,1,,,Dec 3,en,Europe/Berlin,,,,',
      'task,From completion,,1,1,,,every! day,en,,,,,',
      'task,Short,,1,1,,,ev tuesday,en,,,,,',
      'task,Fortnight,,1,1,,,every 2 weeks,en,,,,,',
      'task,Weekdays,,1,1,,,every weekday,en,,,,,',
    ]);
    const due = tasksOf(plan.items).map(({ task }) => [task.title, task.dueDate, task.dueTime, task.recurringType, task.recurringInterval]);
    expect(due).toEqual([
      ['Weekly', '2026-11-30', null, 'weekly', 1],
      ['Timed', '2026-11-28', '15:00', null, 1],
      ['Month day', '2026-12-03', null, null, 1],
      ['From completion', '2026-11-27', null, 'daily', 1],
      ['Short', '2026-12-01', null, 'weekly', 1],
      ['Fortnight', '2026-11-27', null, 'weekly', 2],
      ['Weekdays', '2026-11-27', null, 'weekdays', 1],
    ]);
    expect(tasksOf(plan.items).map(({ task }) => task.isRecurring)).toEqual([true, false, false, true, true, true, true]);
    expect(plan.problems).toEqual([]);
  });

  it('imports a task whose date it cannot read without a due date, and says which row', () => {
    const plan = todoist(['task,Someday,,1,1,,,whenever it suits,en,,,,,']);
    expect(tasksOf(plan.items)[0]!.task.dueDate).toBeNull();
    expect(plan.problems).toEqual([{ row: 2, message: 'The date “whenever it suits” was not understood: the task has no due date.' }]);
  });

  it('makes each section a client of the tasks below it', () => {
    const plan = todoist(['task,Loose,,1,1,,,,,,,,,', 'section,Acme Corp,,,,,,,,,,,,', 'task,For Acme,,1,1,,,,,,,,,', 'section,Globex,,,,,,,,,,,,', 'task,For Globex,,1,1,,,,,,,,,']);
    expect(clientsOf(plan.items)).toEqual(['Acme Corp', 'Globex']);
    expect(tasksOf(plan.items).map((item) => [item.task.title, item.clientKey])).toEqual([
      ['Loose', null],
      ['For Acme', 'todoist:client:acme corp'],
      ['For Globex', 'todoist:client:globex'],
    ]);
  });

  it('makes subtasks tasks of their own that name their parent, and notes comments of the task above', () => {
    const plan = todoist([
      'section,Acme,,,,,,,,,,,,',
      'task,Parent,Its own words,1,1,,,,,,,,,',
      'task,Child,Child words,1,2,,,,,,,,,',
      'note,"A comment, with a comma",,,,,,,,,,,,',
      'task,Grandchild,,1,3,,,,,,,,,',
      'task,Next top,,1,1,,,,,,,,,',
      'task,Orphan,,1,3,,,,,,,,,',
    ]);
    const [parent, child, grandchild, next, orphan] = tasksOf(plan.items);
    expect(parent!.task.description).toBe('Its own words');
    expect(child!.task.description).toBe('Subtask of: Parent\n\nChild words');
    expect(child!.clientKey).toBe('todoist:client:acme');
    expect(child!.comments).toEqual([{ content: 'A comment, with a comma', createdAt: null, importedFrom: 'todoist' }]);
    expect(grandchild!.task.description).toBe('Subtask of: Child');
    expect(next!.task.description).toBeNull();
    expect(orphan!.task.description).toBeNull();
    expect(plan.problems).toEqual([{ row: 8, message: expect.stringContaining('A subtask (INDENT 3) with no task above it') }]);
  });

  it('dates a comment by its DATE (in its row’s TIMEZONE, else the user’s); one it cannot read keeps its place', () => {
    const plan = todoist([
      'task,Call,,1,1,,,,,,,,,',
      'note,Berlin,,,,,,2026-11-20 09:15:30,en,Europe/Berlin,,,,',
      'note,User zone,,,,,,2026-11-20 09:15,en,,,,,',
      'note,Offset,,,,,,2026-11-20T09:15:00+02:00,en,,,,,',
      'note,Unreadable,,,,,,next tuesday,en,,,,,',
    ]);
    expect(tasksOf(plan.items)[0]!.comments.map((comment) => comment.createdAt)).toEqual(['2026-11-20T08:15:30.000Z', '2026-11-20T08:15:00.000Z', '2026-11-20T07:15:00.000Z', null]);
    expect(plan.problems).toEqual([{ row: 6, message: 'The comment’s date “next tuesday” was not read: it keeps its place in the file.' }]);
  });

  it('leaves out a comment above every task, and unknown TYPEs, counting them as skipped rows', () => {
    const plan = todoist(['note,Too early,,,,,,,,,,,,', 'reminder,Odd,,,,,,,,,,,,', 'meta,view_style=board,,,,,,,,,,,,', ',,,,,,,,,,,,,', 'task,Real,,1,1,,,,,,,,,']);
    expect(tasksOf(plan.items)).toHaveLength(1);
    expect(plan.skippedRows).toBe(2);
    expect(plan.problems.map((problem) => problem.row)).toEqual([2, 3]);
  });

  it('reads RFC 4180 quoting, line breaks in cells, a byte-order mark and LF or CRLF line ends', () => {
    const lines = ['task,"Say ""hi"", then go","Line one\r\nLine two",1,1,,,,,,30,minute,,', 'task,Two days,,1,1,,,,,,2,day,,'];
    for (const eol of ['\r\n', '\n']) {
      const text = `\uFEFF${[HEADER, ...lines].join(eol)}${eol}`;
      const [first, second] = tasksOf(parseTodoistCsv(text, { project: 'Work', now: NOW, timezone: TZ }).items);
      expect(first!.task.title).toBe('Say "hi", then go');
      expect(first!.task.description).toMatch(/^Line one\r?\nLine two$/);
      expect(first!.task.estimatedTime).toBe('30min');
      expect(second!.task.estimatedTime).toBe('2d');
    }
  });

  it('gives each row a stable key: the same in a second read, distinct for repeated titles and for another project', () => {
    const lines = ['task,Same,,1,1,,,,,,,,,', 'task,Same,,1,1,,,,,,,,,'];
    const keys = tasksOf(todoist(lines).items).map((item) => item.key);
    expect(new Set(keys).size).toBe(2);
    expect(tasksOf(todoist(lines).items).map((item) => item.key)).toEqual(keys);
    expect(tasksOf(todoist(lines, '\r\n', 'Home').items).map((item) => item.key)).not.toEqual(keys);
  });

  it('hands the date reader no more than 12 words or 100 characters of a DATE, and a file’s first 2,000 different dates only', () => {
    const long = 'every monday and then some more and then some more and then again'; // 13 words
    const plan = todoist([`task,Long,,1,1,,,${long},en,,,,,`, `task,Huge,,1,1,,,${'x'.repeat(2_000)},en,,,,,`, 'task,Thirteen,,1,1,,,a b c d e f g h i j k l m,en,,,,,']);
    expect(tasksOf(plan.items).map((item) => item.task.dueDate)).toEqual([null, null, null]);
    expect(plan.problems.map((problem) => problem.row)).toEqual([2, 3, 4]);
    expect(plan.problems[0]!.message).toBe(`The date “${long}” is too long to be a date (at most 12 words and 100 characters are read): the task has no due date.`);
    expect(plan.problems[1]!.message).toBe(`The date “${'x'.repeat(99)}…” is too long to be a date (at most 12 words and 100 characters are read): the task has no due date.`);

    // Different dates past the first 2,000 are not read; one read before still is.
    const dates = Array.from({ length: 2_001 }, (_, n) => `task,T${n},,1,1,,,in ${n + 1} days,en,,,,,`);
    const many = todoist([...dates, 'task,Again,,1,1,,,in 1 days,en,,,,,']);
    const due = tasksOf(many.items).map((item) => item.task.dueDate);
    expect(due.slice(0, 2_000).every((date) => date !== null)).toBe(true);
    expect(due.slice(2_000)).toEqual([null, due[0]]);
    expect(many.problems).toEqual([{ row: 2_002, message: 'The date “in 2001 days” was not read (one file’s dates are read for its first 2,000 different ones): the task has no due date.' }]);
  });

  it('refuses a file that is not a Todoist export, or not CSV, with a clear message', () => {
    expect(badFile(() => parseTodoistCsv('Name,Due\nMilk,today\n', { project: '', now: NOW, timezone: TZ })).message).toMatch(/^This is not a Todoist project export/);
    expect(badFile(() => parseTodoistCsv('{"format": "daybook-export"}', { project: '', now: NOW, timezone: TZ })).status).toBe(400);
    expect(badFile(() => parseTodoistCsv(`${HEADER}\ntask,"unclosed\n`, { project: '', now: NOW, timezone: TZ })).message).toMatch(/^The file is not a valid CSV file/);
  });

  it('reads the committed 500-task export: every task, its section as client, no problems', () => {
    const text = readFileSync(join(__dirname, '../test-data/todoist-500.csv'), 'utf8');
    const summary = JSON.parse(readFileSync(join(__dirname, '../test-data/todoist-500.summary.json'), 'utf8')) as { tasks: number; comments: number; bySection: Record<string, number> };
    const plan = parseTodoistCsv(text, { project: 'Freelance work', now: NOW, timezone: TZ });
    expect(tasksOf(plan.items)).toHaveLength(summary.tasks);
    expect(clientsOf(plan.items)).toEqual(Object.keys(summary.bySection));
    expect(tasksOf(plan.items).reduce((sum, item) => sum + item.comments.length, 0)).toBe(summary.comments);
    expect(plan.problems).toEqual([]);
  });
});

describe('TickTick backup CSV', () => {
  const text = readFileSync(join(__dirname, '../test-data/ticktick-backup.csv'), 'utf8');
  const plan = parseTickTickCsv(text, { timezone: TZ });
  const task = (title: string) => tasksOf(plan.items).find((item) => item.task.title === title)!;

  it('skips the preamble and reads each row by its column names', () => {
    expect(tasksOf(plan.items)).toHaveLength(12);
    expect(clientsOf(plan.items)).toEqual(['Acme Corp', 'Globex', 'Personal']);
    expect(task('Buy printer paper').clientKey).toBeNull();
    expect(task('Send the Q4 report').clientKey).toBe('ticktick:client:acme corp');
    expect(task('Send the Q4 report').key).toBe('ticktick:task:6541a0000000000000000002');
  });

  it('maps priority 0/1/3/5, all-day and timed dates, tags and checklists', () => {
    expect(['Buy printer paper', 'Send the Q4 report', 'Weekly sync with Acme', 'Prepare agenda'].map((title) => task(title).task.priority)).toEqual(['low', 'high', 'medium', 'medium']);
    expect(task('Buy printer paper').task).toMatchObject({ dueDate: '2026-12-02', dueTime: null, description: 'Tags: errands' });
    expect(task('Send the Q4 report').task).toMatchObject({ dueDate: '2026-12-03', dueTime: '14:30', description: 'Numbers from "finance", then the summary' });
    expect(task('Water plants').task).toMatchObject({ dueDate: '2026-11-28', dueTime: '08:00', recurringType: 'daily', recurringInterval: 3 });
    expect(task('Packing list').task.description).toBe('▫Passport\n▪Charger\n▫Tickets\n\nTags: travel');
  });

  it('maps repeats, states, subtasks and notes', () => {
    expect(task('Weekly sync with Acme').task).toMatchObject({ isRecurring: true, recurringType: 'weekly', recurringInterval: 1, dueDate: '2026-11-30', dueTime: '10:00' });
    expect(task('Daily standup notes').task).toMatchObject({ recurringType: 'weekdays', dueDate: '2026-11-28' });
    expect(task('Monthly rent').task).toMatchObject({ recurringType: 'monthly', recurringInterval: 1, dueDate: '2026-12-01' });
    expect(task('Yearly review').task).toMatchObject({ recurringType: 'monthly', recurringInterval: 12, dueDate: '2027-01-10' });
    expect(task('Invoice October').task).toMatchObject({ isCompleted: true, status: 'completed', completedAt: '2026-11-12T16:45:00.000Z', createdAt: '2026-11-01T10:00:00.000Z' });
    expect(task('Old idea').task).toMatchObject({ isArchived: true, isCompleted: false, archivedAt: '2026-10-05T08:00:00.000Z' });
    expect(task('Prepare agenda').task.description).toBe('Subtask of: Weekly sync with Acme');
    expect(plan.items.filter((item) => item.type === 'note')).toEqual([expect.objectContaining({ content: 'Gift ideas\n\nBooks, a scarf', pageKey: 'ticktick:page:personal' })]);
    expect(task('Check the server').task.isRecurring).toBe(false);
    expect(plan.problems).toEqual([{ row: 17, message: expect.stringContaining('“RRULE:FREQ=HOURLY;INTERVAL=2” is not one Daybook has') }]);
  });

  it('reads TickTick instants and RRULEs', () => {
    expect(readTickTickInstant('2026-10-04T21:00:00+0000')?.toISOString()).toBe('2026-10-04T21:00:00.000Z');
    expect(readTickTickInstant('2026-10-04T21:00:00+0530')?.toISOString()).toBe('2026-10-04T15:30:00.000Z');
    expect(readTickTickInstant('soon')).toBeNull();
    expect(readTickTickRepeat('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR')).toEqual({ recurringType: 'weekly', recurringInterval: 2 });
    expect(readTickTickRepeat('RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15')).toEqual({ recurringType: 'monthly', recurringInterval: 1 });
    expect(readTickTickRepeat('FREQ=MINUTELY')).toBeNull();
  });

  it('refuses a file without the TickTick header row', () => {
    expect(badFile(() => parseTickTickCsv('"Date: 2026-11-27+0000"\n"Title","Due"\n', { timezone: TZ })).message).toMatch(/^This is not a TickTick backup/);
  });
});

describe('Daybook export: time entries (DECISIONS 31)', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const entry = (n: number, fields: Record<string, unknown>) => ({
    id: id(n), taskId: null, clientId: null, startedAt: '2026-11-24T09:00:00.000Z', endedAt: '2026-11-24T10:00:00.000Z', note: '', billable: true,
    billingPeriodId: null, createdAt: '2026-11-24T10:00:00.000Z', ...fields,
  });
  const exportWith = (timeEntries: unknown[]) =>
    JSON.stringify({
      format: 'daybook-export', version: 1, exportedAt: '2026-11-27T10:00:00.000Z',
      profile: { username: 'anna', email: null, firstName: null, lastName: null, profileImageUrl: null, timezone: TZ, enableDelegation: false },
      notificationSettings: { timedDefault: null, dateOnlyDefault: null, digestHour: null, digestSkipEmpty: true },
      timeIncrements: [], estimateHabits: [], clients: [], contacts: [], tasks: [], timeEntries, notePages: [], notes: [], dailyPlans: [],
    });

  it('keeps finished entries, leaves out the running timer and entries Daybook cannot hold, and says billed ones come back unbilled', () => {
    const plan = parseDaybookJson(
      exportWith([
        entry(1, { note: '  drafting  ' }),
        entry(2, { endedAt: null }),
        entry(3, { endedAt: '2026-11-25T09:00:01.000Z' }),
        entry(4, { endedAt: '2026-11-24T08:00:00.000Z' }),
        entry(5, { billingPeriodId: id(99), taskId: id(42) }),
      ]),
    );
    const entries = plan.items.filter((item) => item.type === 'timeEntry');
    expect(entries).toEqual([
      { type: 'timeEntry', key: `daybook:time-entry:${id(1)}`, row: 0, taskKey: null, clientKey: null, startedAt: '2026-11-24T09:00:00.000Z', endedAt: '2026-11-24T10:00:00.000Z', note: 'drafting', billable: true, createdAt: '2026-11-24T10:00:00.000Z' },
      expect.objectContaining({ key: `daybook:time-entry:${id(5)}`, taskKey: null }),
    ]);
    expect(plan.problems.map((problem) => problem.message)).toEqual([
      'The timer that was running when the export was made is left out.',
      'A time entry from 2026-11-24T09:00:00.000Z to 2026-11-25T09:00:01.000Z does not end after its start within 24 hours: left out.',
      'A time entry from 2026-11-24T09:00:00.000Z to 2026-11-24T08:00:00.000Z does not end after its start within 24 hours: left out.',
      'A time entry refers to a task that is not in the file: left without it.',
      '1 time entry billed in the exported account is imported as not billed (billing periods are not exported).',
    ]);
  });

  it('reads an export made before time tracking (no entries)', () => {
    expect(parseDaybookJson(exportWith([])).items.filter((item) => item.type === 'timeEntry')).toEqual([]);
  });
});

describe('CSV reading bounds', () => {
  it('reads at most 100,000 rows: a file of more is refused without being read to its end', () => {
    const rows = (n: number) => `${HEADER}\n${'task,x\n'.repeat(n - 1)}`;
    expect(readCsv(rows(IMPORT_ROWS_MAX))).toHaveLength(IMPORT_ROWS_MAX);
    const refused = badFile(() => readCsv(rows(1_000_000)));
    expect(refused).toMatchObject({ status: 400, code: 'too_many_rows', message: 'The file has more than 100,000 rows; one import reads at most 100,000.' });
  });

  it('refuses a cell longer than 65,536 characters, naming its row and column', () => {
    const text = `a,b,c\n1,2,3\n4,"${'x'.repeat(IMPORT_CELL_MAX + 1)}",6\n`;
    expect(badFile(() => readCsv(text))).toMatchObject({ status: 400, code: 'cell_too_long', message: 'Row 3, column 2 holds 65,537 characters; a cell may hold at most 65,536.' });
    expect(readCsv(`a\n"${'x'.repeat(IMPORT_CELL_MAX)}"\n`)[1]![0]).toHaveLength(IMPORT_CELL_MAX);
  });
});

describe('CSV writing', () => {
  it('quotes as RFC 4180 asks and guards cells a spreadsheet would run as formulas', () => {
    expect(writeCsvRows([['plain', 'with, comma', 'say "hi"', 'two\nlines', '=1+1', '+1', '-1', '@SUM(A1)', 3, true, null]])).toBe(
      `plain,"with, comma","say ""hi""","two\nlines",'=1+1,'+1,'-1,'@SUM(A1),3,true,\r\n`,
    );
    expect(safeCell('fine')).toBe('fine');
    expect(readCsv(writeCsvRows([['a"b', 'c,d']]))).toEqual([['a"b', 'c,d']]);
  });
});
