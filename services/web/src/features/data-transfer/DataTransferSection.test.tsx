import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyImportCounts, type ImportJob, type ImportPreview } from '@daybook/shared';
import { uuid } from '../../test/fixtures';
import { json, renderWithProviders } from '../../test/render';
import { DataTransferSection } from './DataTransferSection';

const PREVIEW: ImportPreview = {
  source: 'todoist',
  counts: { ...emptyImportCounts(), tasks: 500, comments: 66, clients: 6 },
  alreadyImported: 0,
  clientsToCreate: ['Acme Corp', 'Globex'],
  skippedRows: 0,
  problems: [{ row: 12, message: 'The date “whenever” was not understood: the task has no due date.' }],
  moreProblems: 0,
};
const job = (overrides: Partial<ImportJob>): ImportJob => ({
  id: uuid(7),
  source: 'todoist',
  state: 'running',
  processed: 0,
  total: 506,
  created: emptyImportCounts(),
  skipped: 0,
  problems: [],
  moreProblems: 0,
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

interface Sent {
  method: string;
  path: string;
  contentType: string | null;
  body: string;
}

/** The api of the import flow; polls of the job answer `jobs` in turn (the last one again). */
function api(jobs: ImportJob[], previewAnswer: Response = json(200, PREVIEW)) {
  const sent: Sent[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname + url.search, contentType: request.headers.get('content-type'), body: await request.text() });
    if (url.pathname === '/api/imports/preview') return previewAnswer.clone();
    if (url.pathname === '/api/imports' && request.method === 'POST') return json(202, jobs[0]);
    if (url.pathname === `/api/imports/${uuid(7)}`) return json(200, jobs.length > 1 ? jobs.shift() : jobs[0]);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  }) as typeof fetch;
  return sent;
}

const csv = new File(['TYPE,CONTENT\ntask,Hello\n'], 'Freelance work.csv', { type: 'text/csv' });

describe('Settings, Import and export', () => {
  it('offers both exports as downloads', () => {
    api([]);
    renderWithProviders(<DataTransferSection />);
    expect(screen.getByRole('link', { name: 'Export everything (JSON)' })).toHaveAttribute('href', '/api/export/daybook.json');
    expect(screen.getByRole('link', { name: 'Export tasks (CSV)' })).toHaveAttribute('href', '/api/export/tasks.csv');
  });

  it('previews the chosen file, imports it on confirmation and shows the progress, then what was imported', async () => {
    const sent = api([
      job({ processed: 100 }),
      job({ processed: 100 }),
      job({ state: 'done', processed: 506, created: { ...emptyImportCounts(), tasks: 500, comments: 66, clients: 6 }, finishedAt: '2026-11-27T10:00:09.000Z' }),
    ]);
    renderWithProviders(<DataTransferSection />);
    await userEvent.upload(screen.getByLabelText('File to import'), csv);

    const preview = within(await screen.findByRole('region', { name: 'Import preview' }));
    expect(preview.getByText('The file holds 500 tasks, 66 comments, 6 clients.')).toBeInTheDocument();
    expect(preview.getByText('New clients: Acme Corp, Globex.')).toBeInTheDocument();
    expect(preview.getByText('Row 12: The date “whenever” was not understood: the task has no due date.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/imports/preview?source=todoist&name=Freelance+work', contentType: 'text/plain; charset=utf-8', body: 'TYPE,CONTENT\ntask,Hello\n' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('progressbar', { name: /Importing… 100 of 506/ })).toHaveAttribute('aria-valuenow', '20');
    expect(await screen.findByText('Imported 500 tasks, 66 comments, 6 clients.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sent.filter((request) => request.path === '/api/imports?source=todoist&name=Freelance+work')).toHaveLength(1);
  });

  it('shows the api’s message for a file it refuses, and offers no Import', async () => {
    api([], json(400, { error: { code: 'bad_file', message: 'This is not a Todoist project export: …' } }));
    renderWithProviders(<DataTransferSection />);
    await userEvent.upload(screen.getByLabelText('File to import'), csv);
    expect(await screen.findByText('This is not a Todoist project export: …')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument());
  });
});
