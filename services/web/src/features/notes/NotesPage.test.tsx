import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoteItem, NoteList } from '@daybook/shared';
import { json, mockFetch, renderWithProviders, uuid } from '../../test/render';
import { NotesPage } from './NotesPage';

const at = '2026-03-01T10:00:00.000Z';
const page = (n: number, title: string, parentPageId: string | null = null): NoteList => ({ id: uuid(n), title, clientId: null, parentPageId, sortOrder: n, createdAt: at, updatedAt: at });
const item = (n: number, listId: string, content: string): NoteItem => ({ id: uuid(100 + n), noteListId: listId, content, clientId: null, sortOrder: n, createdAt: at, updatedAt: at });

function serve(lists: NoteList[], items: Record<string, NoteItem[]>) {
  return mockFetch((req) => {
    if (req.path === '/api/auth/user') return json(200, { id: uuid(9), username: 'me', timezone: 'America/New_York', role: 'user' });
    if (req.path === '/api/clients') return json(200, []);
    if (req.path === '/api/note-lists' && req.method === 'GET') return json(200, lists);
    if (req.path === '/api/note-lists' && req.method === 'POST') {
      const body = req.body as { title: string; parentPageId?: string };
      const created = { ...page(lists.length + 1, body.title, body.parentPageId ?? null) };
      lists.push(created);
      return json(201, created);
    }
    const itemsMatch = /^\/api\/note-lists\/([^/]+)\/items$/.exec(req.path);
    if (itemsMatch && req.method === 'GET') return json(200, items[itemsMatch[1]!] ?? []);
    if (req.path.startsWith('/api/notes/search')) return json(200, []);
    return undefined;
  });
}

describe('notes screen', () => {
  it('auto-selects the first page, and a new sub-page is selected with its parent expanded', async () => {
    const lists = [page(1, 'Work'), page(2, 'Home')];
    serve(lists, { [uuid(1)]: [item(1, uuid(1), 'Call **Acme**')] });
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });

    expect(await screen.findByTestId('selected-page-title')).toHaveTextContent('Work');
    expect((await screen.findByText('Acme')).tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Add sub-page to Work' }));
    await user.type(screen.getByLabelText('Title'), '  Meetings  ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sub-page created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('selected-page-title')).toHaveTextContent('Meetings'));
    expect(screen.getByRole('treeitem', { name: /Work/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('searches after the 300 ms debounce, sending only non-empty criteria', async () => {
    const { requests } = serve([page(1, 'Work')], {});
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    await screen.findByTestId('selected-page-title');

    await user.type(screen.getByLabelText('Search notes'), 'milk');
    expect(requests.filter((r) => r.path.startsWith('/api/notes/search'))).toHaveLength(0);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    const searches = requests.filter((r) => r.path.startsWith('/api/notes/search'));
    expect(searches.map((r) => r.path)).toEqual(['/api/notes/search?query=milk']);
    expect(screen.getByText('Search Results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Search notes')).toHaveValue('');
    expect(await screen.findByTestId('selected-page-title')).toHaveTextContent('Work');
  });

  it('shows "No list selected" without pages', async () => {
    serve([], {});
    renderWithProviders(<NotesPage />, { route: '/notes' });
    expect(await screen.findByText('No list selected')).toBeInTheDocument();
  });
});
