import { isKeptOffline } from './offlineProtocol';

const kept = (path: string) => isKeptOffline(new URL(path, 'https://daybook.example'));

describe('api reads the service worker keeps for offline use', () => {
  it('keeps the day list, the user, clients, a task and the first page of every list', () => {
    for (const path of ['/api/tasks/today', '/api/auth/user', '/api/clients', '/api/tasks/active', '/api/tasks/kanban/todo', '/api/tasks/archived', '/api/tasks/00000000-0000-4000-8000-000000000001']) {
      expect(kept(path)).toBe(true);
    }
  });

  it('does not keep further pages (a cursor), search, the calendar, logout, nor anything outside the api', () => {
    for (const path of ['/api/tasks/active?cursor=abc', '/api/tasks/kanban/review?cursor=x&limit=200', '/api/notes/search?query=a', '/api/tasks/calendar?start=a&end=b', '/api/logout', '/dashboard']) {
      expect(kept(path)).toBe(false);
    }
  });
});
