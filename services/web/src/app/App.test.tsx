import { screen } from '@testing-library/react';
import { makeUser } from '../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../test/render';
import { App } from './App';

// A screen that throws while rendering, and one whose code cannot be loaded (offline, a renamed chunk).
jest.mock('../features/notes/NotesPage', () => ({
  __esModule: true,
  default: () => {
    throw new Error('render failed');
  },
}));
jest.mock('../features/calendar/CalendarPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('no failure blanks the app (issue 37)', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch((request) => (request.path === '/api/auth/user' ? json(200, makeUser()) : undefined));
  });

  it('an error while a screen renders is caught by the screen: it says so and offers to try again', async () => {
    renderWithProviders(<App />, { route: '/notes' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on this screen');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a screen whose code cannot be loaded is tried again, then says so in its place with Retry', async () => {
    renderWithProviders(<App />, { route: '/calendar' });
    expect(await screen.findByTestId('chunk-failed', {}, { timeout: 4_000 })).toHaveTextContent('This part of Daybook could not be loaded — Retry');
  });
});
