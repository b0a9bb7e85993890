import type { ImportCounts } from '@daybook/shared';

const NOUNS: Array<[keyof ImportCounts, string, string]> = [
  ['tasks', 'task', 'tasks'],
  ['comments', 'comment', 'comments'],
  ['clients', 'client', 'clients'],
  ['contacts', 'contact', 'contacts'],
  ['notePages', 'notes page', 'notes pages'],
  ['notes', 'note', 'notes'],
  ['dailyPlans', 'day plan', 'day plans'],
  ['timeIncrements', 'time estimate', 'time estimates'],
  ['timeEntries', 'time entry', 'time entries'],
  ['settings', 'settings', 'settings'],
];

/** '500 tasks, 66 comments, 6 clients' (kinds with none left out); 'nothing' when all are 0. */
export function countsText(counts: ImportCounts): string {
  const parts = NOUNS.filter(([kind]) => counts[kind] > 0).map(([kind, one, many]) => `${counts[kind].toLocaleString('en-US')} ${counts[kind] === 1 ? one : many}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** The file's name without its extension: a Todoist project export is named after its project. */
export const projectName = (fileName: string) => fileName.replace(/\.[^.]+$/u, '');

/** A chosen file's text (FileReader: every browser has it, and so does the test DOM). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}
