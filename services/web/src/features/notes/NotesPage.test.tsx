import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quotaMessage, type NoteItem, type NoteList, type NoteSearchPage, type NoteSearchResult } from '@daybook/shared';
import { makeNoteItem, makeNoteList, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { NotesPage } from './NotesPage';

const at = '2026-03-01T10:00:00.000Z';
const page = (n: number, title: string, parentPageId: string | null = null) => makeNoteList({ id: uuid(n), title, parentPageId, sortOrder: n, createdAt: at, updatedAt: at });
const item = (n: number, listId: string, content: string) => makeNoteItem({ id: uuid(100 + n), noteListId: listId, content, sortOrder: n, createdAt: at, updatedAt: at });

/**
 * The api of the notes screen: pages, their notes (in pages of `pageSize`), one note, a search's answer
 * (`search`, one page; or `searchPages`, page k answering the cursor `k`), and `addNote` to a new note.
 */
function serve(
  lists: NoteList[],
  items: Record<string, NoteItem[]>,
  { pageSize = 100, search = [] as NoteSearchResult[], searchPages = undefined as (NoteSearchPage | Promise<NoteSearchPage>)[] | undefined, addNote = undefined as Response | undefined } = {},
) {
  return mockFetch((req) => {
    if (addNote && req.method === 'POST' && req.path.endsWith('/items')) return addNote;
    if (req.path === '/api/auth/user') return json(200, makeUser({ id: uuid(9), username: 'me' }));
    if (req.path === '/api/clients') return json(200, []);
    if (req.path === '/api/note-lists' && req.method === 'GET') return json(200, lists);
    if (req.path === '/api/note-lists' && req.method === 'POST') {
      const body = req.body as { title: string; parentPageId?: string };
      const created = { ...page(lists.length + 1, body.title, body.parentPageId ?? null) };
      lists.push(created);
      return json(201, created);
    }
    const itemsMatch = /^\/api\/note-lists\/([^/]+)\/items(?:\?cursor=(\d+))?$/.exec(req.path);
    if (itemsMatch && req.method === 'GET') {
      const all = items[itemsMatch[1]!] ?? [];
      const from = Number(itemsMatch[2] ?? 0);
      return json(200, { items: all.slice(from, from + pageSize), nextCursor: from + pageSize < all.length ? String(from + pageSize) : null });
    }
    const itemMatch = /^\/api\/note-items\/([^/]+)$/.exec(req.path);
    const found = itemMatch && Object.values(items).flat().find((i) => i.id === itemMatch[1]);
    if (found && req.method === 'GET') return json(200, found);
    if (req.path.startsWith('/api/notes/search')) {
      const cursor = Number(new URL(req.path, 'http://x').searchParams.get('cursor') ?? 0);
      return searchPages ? Promise.resolve(searchPages[cursor]).then((answer) => json(200, answer)) : json(200, { items: search, nextCursor: null });
    }
    return undefined;
  });
}

/** The screen's width for `useMediaQuery` (jsdom has no matchMedia: without this every query is false, a phone). */
function viewport(width: number) {
  window.matchMedia = ((media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    const noop = () => undefined;
    return { matches, media, onchange: null, addEventListener: noop, removeEventListener: noop, addListener: noop, removeListener: noop, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('notes screen', () => {
  beforeEach(() => viewport(1280));

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

  it('loads a long page’s further notes after the first ones', async () => {
    const notes = Array.from({ length: 5 }, (_, n) => item(n, uuid(1), `Note ${n + 1}`));
    const { requests } = serve([page(1, 'Work')], { [uuid(1)]: notes }, { pageSize: 3 });
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    expect(await screen.findByText('Note 3')).toBeInTheDocument();
    expect(screen.queryByText('Note 4')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more notes' }));
    expect(await screen.findByText('Note 5')).toBeInTheDocument();
    expect(screen.getAllByTestId('note-item').map((el) => el.textContent)).toEqual(notes.map((n) => expect.stringContaining(n.content)));
    expect(screen.queryByRole('button', { name: 'Load more notes' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path.includes('/items')).map((r) => r.path)).toEqual([`/api/note-lists/${uuid(1)}/items`, `/api/note-lists/${uuid(1)}/items?cursor=3`]);
  });

  it('shows a found note as its excerpt with the words found marked, as text, and opens the whole note to edit', async () => {
    const hostile = 'Lunch <img src=x onerror="window.__xss=1"> see https://example.invalid/menu [clickme](javascript:alert(1))';
    const full = item(1, uuid(1), `# Lunch plans\n\n${hostile}\n\nand much more`);
    const excerpt = hostile; // the api leaves tags out; the screen must show anything it gets as text
    const lunch = excerpt.indexOf('Lunch');
    const menu = excerpt.indexOf('menu');
    const search: NoteSearchResult[] = [
      {
        listId: uuid(1),
        listTitle: 'Work',
        client: null,
        items: [{ itemId: full.id, itemContent: excerpt, highlights: [[lunch, lunch + 5], [menu, menu + 4]], itemClient: null, createdAt: at }],
      },
    ];
    const { requests } = serve([page(1, 'Work')], { [uuid(1)]: [full] }, { search });
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    await screen.findByTestId('selected-page-title');
    await user.type(screen.getByLabelText('Search notes'), 'lunch menu');

    const found = await screen.findByTestId('search-excerpt');
    expect(found).toHaveTextContent(excerpt);
    expect(screen.getByRole('heading', { name: 'Search Results (1 page)' })).toBeInTheDocument();
    expect([...found.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Lunch', 'menu']);
    expect(document.querySelector('img, script, a[href^="javascript"]')).toBeNull();
    // Markdown on: the https address is a link (its found word still marked); off: plain text.
    expect(found.querySelector('a')).toHaveAttribute('href', 'https://example.invalid/menu');
    expect(found.querySelector('a mark')).toHaveTextContent('menu');
    const markdown = screen.getByRole('switch', { name: 'Render markdown' });
    expect(markdown).toBeChecked();
    await user.click(markdown);
    expect(markdown).not.toBeChecked();
    expect(screen.getByTestId('search-excerpt').querySelector('a')).toBeNull();
    expect(screen.getByTestId('search-excerpt').querySelectorAll('mark')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Open note' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit note' });
    expect(editor).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note content' })).toHaveValue(full.content);
    expect(requests.map((r) => r.path)).toContain(`/api/note-items/${full.id}`);
  });

  it('loads more search results on request, the first ones staying meanwhile; a note list found on two pages shown once with all its notes', async () => {
    const found = (n: number, listId: string, content: string) => ({ itemId: uuid(200 + n), itemContent: content, highlights: [], itemClient: null, createdAt: at });
    let answerSecondPage!: (page: NoteSearchPage) => void;
    const searchPages = [
      { items: [{ listId: uuid(1), listTitle: 'Work', client: null, items: [found(1, uuid(1), 'milk one')] }], nextCursor: '1' },
      new Promise<NoteSearchPage>((resolve) => (answerSecondPage = resolve)),
    ];
    const { requests } = serve([page(1, 'Work'), page(2, 'Home')], {}, { searchPages });
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    await screen.findByTestId('selected-page-title');
    await user.type(screen.getByLabelText('Search notes'), 'milk');
    expect(await screen.findByText('milk one')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More results' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading more results' })).toBeInTheDocument();
    expect(screen.getByText('milk one')).toBeInTheDocument();
    answerSecondPage({
      items: [
        { listId: uuid(1), listTitle: 'Work', client: null, items: [found(2, uuid(1), 'milk two')] },
        { listId: uuid(2), listTitle: 'Home', client: null, items: [found(3, uuid(2), 'milk three')] },
      ],
      nextCursor: null,
    });
    expect(await screen.findByText('milk three')).toBeInTheDocument();
    const results = within(screen.getByTestId('search-results'));
    expect(results.getAllByTestId('search-item').map((el) => within(el).getByTestId('search-excerpt').textContent)).toEqual(['milk one', 'milk two', 'milk three']);
    expect(results.getAllByRole('button', { name: /^(Work|Home)$/ }).map((b) => b.textContent)).toEqual(['Work', 'Home']);
    expect(results.queryByRole('button', { name: 'More results' })).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('/api/notes/search')).map((r) => r.path)).toEqual(['/api/notes/search?query=milk', '/api/notes/search?query=milk&cursor=1']);
  });

  it('says why a note was refused when the quota is reached', async () => {
    serve([page(1, 'Work')], {}, { addNote: json(409, { error: { code: 'quota_exceeded', message: quotaMessage('notes') } }) });
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    await screen.findByTestId('selected-page-title');
    await user.type(screen.getByLabelText('New note'), 'one more');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText(quotaMessage('notes'))).toBeInTheDocument();
    expect(screen.getByText('Failed to add note.')).toBeInTheDocument();
  });

  it('shows "No page selected" without pages (the screen says page, never list)', async () => {
    serve([], {});
    renderWithProviders(<NotesPage />, { route: '/notes' });
    expect(await screen.findByText('No page selected')).toBeInTheDocument();
  });

  it('wide: the pages as a tree and no page selector; Edit page and Delete page beside the page’s title', async () => {
    serve([page(1, 'Work'), page(2, 'Calls', uuid(1))], {});
    renderWithProviders(<NotesPage />, { route: '/notes' });
    expect(await screen.findByTestId('selected-page-title')).toHaveTextContent('Work');
    expect(screen.getByRole('tree', { name: 'Pages and sub-pages' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Page' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search notes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notes options' })).not.toBeInTheDocument();
  });

  // Enter in a field submits a form through its default button (HTML's implicit submission), which user-event
  // does not model for a button outside the form element: the test checks the button is the form's default
  // and submits as the browser does (the browser journey presses the real Enter).
  it('the New Page and New Sub-page dialogs submit from the title field (Enter)', async () => {
    const lists = [page(1, 'Work')];
    const { requests } = serve(lists, {});
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    await screen.findByTestId('selected-page-title');

    const enterIn = (dialog: HTMLElement) => {
      const title = within(dialog).getByLabelText('Title') as HTMLInputElement;
      const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
      expect(create.type).toBe('submit');
      expect(create.form).toBe(title.form);
      act(() => title.form!.requestSubmit());
    };
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Page' });
    await user.type(within(dialog).getByLabelText('Title'), 'Home');
    enterIn(dialog);
    expect(await screen.findByText('Page created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('selected-page-title')).toHaveTextContent('Home'));

    await user.click(screen.getByRole('button', { name: 'Add sub-page to Work' }));
    // (Its name starts with the title: ResponsiveModal's DialogTitle repeats the title's id, so the description joins it.)
    const sub = await screen.findByRole('dialog', { name: /^New Sub-page/ });
    await user.type(within(sub).getByLabelText('Title'), 'Calls');
    enterIn(sub);
    expect(await screen.findByText('Sub-page created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('selected-page-title')).toHaveTextContent('Calls'));
    const posts = requests.filter((r) => r.method === 'POST' && r.path === '/api/note-lists');
    expect(posts.map((r) => r.body)).toEqual([{ title: 'Home', clientId: null }, { title: 'Calls', clientId: null, parentPageId: uuid(1) }]);
  });
});

describe('notes screen on a phone', () => {
  beforeEach(() => viewport(390));

  it('one row of controls: the page selector (no tree), a search button and a menu with the rest', async () => {
    serve([page(1, 'Work'), page(2, 'Calls', uuid(1)), page(3, 'Home')], { [uuid(1)]: [item(1, uuid(1), 'Call **Acme**')] });
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    expect(await screen.findByTestId('selected-page-title')).toHaveTextContent('Work');
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Search notes')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('notes-controls')).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Search', 'Notes options']);

    // The page selector names every page, sub-pages included, and 'Create new page'.
    await user.click(screen.getByRole('combobox', { name: 'Page' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Work', 'Calls', 'Home', 'Create new page']);
    await user.click(options[1]!);
    expect(await screen.findByTestId('selected-page-title')).toHaveTextContent('Calls');

    // Markdown in the menu: a checkable item that says what it does.
    await user.click(screen.getByRole('button', { name: 'Notes options' }));
    const markdown = screen.getByRole('menuitemcheckbox', { name: 'Render markdown' });
    expect(markdown).toHaveAttribute('aria-checked', 'true');
    await user.click(markdown);
    await user.click(screen.getByRole('button', { name: 'Notes options' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Render markdown' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('menuitem', { name: 'New sub-page' }));
    expect(await screen.findByRole('dialog', { name: /^New Sub-page/ })).toHaveTextContent('Inside "Calls"');
  });

  it('the search button opens the search row (focused); closing it ends the search', async () => {
    const { requests } = serve([page(1, 'Work')], {});
    const user = userEvent.setup();
    renderWithProviders(<NotesPage />, { route: '/notes' });
    await screen.findByTestId('selected-page-title');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('Search notes')).toHaveFocus();
    await user.keyboard('milk');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/notes/search?query=milk')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByLabelText('Search notes')).not.toBeInTheDocument();
    expect(screen.getByTestId('selected-page-title')).toHaveTextContent('Work');
  });
});
