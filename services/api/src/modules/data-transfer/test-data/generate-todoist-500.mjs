// Writes todoist-500.csv: a Todoist project export ("Freelance work", project menu › Export as CSV) as
// Todoist writes one (https://todoist.com/help/articles/format-a-csv-file-to-import-into-todoist-UVUXTmm6):
// the header row, a meta row, sections, 500 tasks (subtasks by INDENT), notes (comments) under some tasks,
// an empty row after each item, CRLF line ends, RFC 4180 quoting, PRIORITY as the help page documents it: 1 is p1
// (the highest), 4 is p4 (Todoist's default, so the most common).
// Also writes todoist-500.summary.json: what the generator put in, counted here, for the import test.
// Deterministic: run `node generate-todoist-500.mjs` in this folder to write the same files again.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const COLUMNS = ['TYPE', 'CONTENT', 'DESCRIPTION', 'PRIORITY', 'INDENT', 'AUTHOR', 'RESPONSIBLE', 'DATE', 'DATE_LANG', 'TIMEZONE', 'DURATION', 'DURATION_UNIT', 'DEADLINE', 'DEADLINE_LANG'];
const AUTHOR = 'Mira (41235501)';

let seed = 20261127;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(random() * list.length)];

const SECTIONS = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Hooli', 'Admin & invoicing'];
const VERBS = ['Draft', 'Review', 'Send', 'Call', 'Prepare', 'Update', 'Check', 'Plan', 'Fix', 'Write', 'Email', 'Book'];
const THINGS = ['the proposal', 'Q1 budget', 'onboarding deck', 'contract renewal', 'invoice #', 'meeting notes', 'launch checklist', 'status report', 'brand guidelines', 'website copy', 'tax documents', 'workshop agenda'];
const DATES = ['', '', '', 'every monday', 'tomorrow 3pm', 'Dec 3', 'every day', 'every 2 weeks', 'every! friday', 'Jan 15 2027', 'today', 'every weekday', 'every month', 'next monday', 'Dec 24 10:00', 'in 3 days', 'ev tuesday'];
const DESCRIPTIONS = ['', '', '', 'Ask about the "final" numbers, then update the sheet', 'Line one\nLine two, with a comma', 'See shared drive', '=HYPERLINK("http://example.com")'];
const NOTES = ['Waiting for their reply', 'Sent a reminder, "no answer yet"', 'Done the first half,\nrest on Monday'];

const rows = [COLUMNS, ['meta', 'view_style=list', ...Array(COLUMNS.length - 2).fill('')]];
const empty = () => rows.push(Array(COLUMNS.length).fill(''));
const summary = { tasks: 0, subtasks: 0, comments: 0, byPriority: { 1: 0, 2: 0, 3: 0, 4: 0 }, bySection: {}, withDate: 0, withDuration: 0, noSection: 0 };

function task(content, { indent = 1, section = null } = {}) {
  const priority = pick([4, 4, 4, 3, 3, 2, 1]);
  const date = pick(DATES);
  const duration = random() < 0.2 ? pick([15, 30, 45, 60, 90, 120]) : '';
  rows.push(['task', content, pick(DESCRIPTIONS), String(priority), String(indent), AUTHOR, '', date, date ? 'en' : '', date ? 'Europe/Berlin' : '', String(duration), duration ? 'minute' : 'None', '', '']);
  summary.tasks += 1;
  if (indent > 1) summary.subtasks += 1;
  summary.byPriority[priority] += 1;
  if (section) summary.bySection[section] = (summary.bySection[section] ?? 0) + 1;
  else summary.noSection += 1;
  if (date) summary.withDate += 1;
  if (duration) summary.withDuration += 1;
  empty();
  if (random() < 0.15) {
    rows.push(['note', pick(NOTES), '', '', '', AUTHOR, '', '', '', '', '', '', '', '']);
    summary.comments += 1;
    empty();
  }
}

// Tasks above the first section (no client), then the sections with their tasks and subtasks.
let n = 0;
const title = () => `${pick(VERBS)} ${pick(THINGS)}${random() < 0.3 ? ` ${++n}` : ''}`;
task('Inbox zero @admin');
task('Renew domain names');
for (let i = 0; i < 8; i += 1) task(title());
for (const section of SECTIONS) {
  rows.push(['section', section, '', '', '', '', '', '', '', '', '', '', '', '']);
  empty();
  const last = section === SECTIONS[SECTIONS.length - 1];
  while (summary.tasks < (last ? 500 : 10 + (SECTIONS.indexOf(section) + 1) * 81)) {
    task(title(), { section });
    if (random() < 0.25 && summary.tasks < 500) {
      task(`Sub: ${title()}`, { indent: 2, section });
      if (random() < 0.35 && summary.tasks < 500) task(`Sub-sub: ${title()}`, { indent: 3, section });
    }
  }
}

const cell = (value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
writeFileSync(`${here}/todoist-500.csv`, rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n');
writeFileSync(`${here}/todoist-500.summary.json`, JSON.stringify(summary, null, 2) + '\n');
console.log(summary);
