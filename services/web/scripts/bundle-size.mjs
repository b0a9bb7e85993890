#!/usr/bin/env node
// Reports the JavaScript each route loads before it can paint, in KB gzip, from the Vite manifest of
// the last `npm run build`: the entry chunks (the app's and the first reads' early one) plus the route's
// lazy chunks and every chunk they import statically (dynamic imports such as dialogs are not counted;
// the dashboard's drag and drop is, as its first render waits for it). Exits 1 when the dashboard exceeds the
// budget (issue 5: at most 250 KB gzip).
//   node services/web/scripts/bundle-size.mjs [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
export const DASHBOARD_BUDGET_KB = 250;

/** The early entry of index.html (build/early-entry.ts). */
const EARLY_ENTRY = 'src/firstReads.ts';
/** The app, which index.html's entry (src/boot.ts) starts after the first paint. */
const APP = 'src/main.tsx';
/** Each route's lazy chunks: its screen and what its first render waits for (a source file or a chunk's name). */
const ROUTES = {
  'landing (signed out)': 'src/features/auth/LandingPage.tsx',
  'dashboard (/, /dashboard)': ['src/app/DashboardScreen.tsx', 'dnd'],
  'daily review (/daily-review)': 'src/features/daily-plan/DailyReviewPage.tsx',
  'clients (/clients)': 'src/features/clients/ClientsPage.tsx',
  'billing (/billing)': 'src/features/billing/BillingPage.tsx',
  'archived (/archived)': 'src/features/archived/ArchivedPage.tsx',
  'calendar (/calendar)': 'src/features/calendar/CalendarPage.tsx',
  'admin users (/admin/users)': 'src/features/admin/AdminUsersPage.tsx',
  'kanban (/kanban)': 'src/features/kanban/KanbanPage.tsx',
  'notes (/notes)': 'src/features/notes/NotesPage.tsx',
  '404': 'src/app/NotFoundPage.tsx',
  'shared task (/share/:token, signed out)': 'src/features/shared-task/SharedTaskPage.tsx',
};
const LAZY_PARTS = {
  'task dialog (on open)': 'src/components/tasks/TaskDialog.tsx',
  'settings dialog (on open)': 'src/app/SettingsDialog.tsx',
  'overdue review dialog (on prompt)': 'src/features/daily-plan/OverdueReviewDialog.tsx',
  'priorities dialog (on open)': 'src/features/daily-plan/PrioritiesDialog.tsx',
  'capture engine with @daybook/nl (on focus or touch, or idle 8 s after load)': 'src/features/capture/engine.ts',
};

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** The chunk files manifest keys load, following static imports only. */
function closure(keys, seen = new Set()) {
  if (Array.isArray(keys)) {
    for (const key of keys) closure(key, seen);
    return seen;
  }
  const key = keys;
  const chunk = manifest[key] ?? Object.values(manifest).find((entry) => entry.name === key && !entry.src);
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entry = closure(['index.html', EARLY_ENTRY, APP]);
const dashboard = closure(ROUTES['dashboard (/, /dashboard)']);
const total = (files) => [...files].reduce((sum, file) => sum + gzipKb(file), 0);
const rows = [];
rows.push(['entry (index.html)', total(entry)]);
for (const [name, key] of Object.entries(ROUTES)) rows.push([name, total(new Set([...entry, ...closure(key)]))]);
for (const [name, key] of Object.entries(LAZY_PARTS)) {
  const extra = [...closure(key)].filter((file) => !entry.has(file) && !dashboard.has(file));
  rows.push([`${name}, extra`, total(new Set(extra))]);
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(rows.map(([name, kb]) => [name, Math.round(kb * 10) / 10])), null, 2));
} else {
  console.log('Initial JavaScript per route (KB gzip):');
  for (const [name, kb] of rows) console.log(`  ${name.padEnd(40)} ${kb.toFixed(1).padStart(7)}`);
}
const dashboardKb = rows.find(([name]) => name.startsWith('dashboard'))?.[1] ?? 0;
if (dashboardKb > DASHBOARD_BUDGET_KB) {
  console.error(`The dashboard loads ${dashboardKb.toFixed(1)} KB gzip of JavaScript; the budget is ${DASHBOARD_BUDGET_KB} KB.`);
  process.exit(1);
}
