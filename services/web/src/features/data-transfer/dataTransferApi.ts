import type { ImportJob, ImportPreview, ImportSource } from '@daybook/shared';
import { baseApi } from '../../api/baseApi';

/** A file to import: its source, its name (a Todoist project's name) and its text. */
export interface ImportUpload {
  source: ImportSource;
  name: string;
  text: string;
}

/** The file goes as the body, as text: the api's JSON limit does not apply to it. */
const uploadRequest = (url: string, { source, name, text }: ImportUpload) => ({
  url,
  method: 'POST',
  params: { source, name },
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: text,
});

/** The export downloads (plain links: the browser saves them) and the import flow (DECISIONS 30). */
export const EXPORT_JSON_URL = '/api/export/daybook.json';
export const EXPORT_TASKS_CSV_URL = '/api/export/tasks.csv';

export const dataTransferApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    previewImport: build.mutation<ImportPreview, ImportUpload>({
      query: (upload) => uploadRequest('imports/preview', upload),
    }),
    startImport: build.mutation<ImportJob, ImportUpload>({
      query: (upload) => uploadRequest('imports', upload),
    }),
    getImport: build.query<ImportJob, string>({
      query: (id) => `imports/${id}`,
    }),
  }),
});

export const { usePreviewImportMutation, useStartImportMutation, useGetImportQuery } = dataTransferApi;

/** Everything an import can add: shown again once it has ended. */
export const IMPORTED_TAGS = ['Task', 'Client', 'Contact', 'NoteList', 'NoteItem', 'TimeIncrement', 'DailyPlan', 'CurrentUser', 'NotificationSettings'] as const;
