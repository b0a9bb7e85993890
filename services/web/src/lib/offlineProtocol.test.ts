import { isKeptOffline, isNeverQueued } from './offlineProtocol';

const kept = (path: string) => isKeptOffline(new URL(path, 'https://daybook.example'));

describe('api reads the service worker keeps for offline use', () => {
  it('keeps the day list, the user, clients, a task and the first page of every list', () => {
    for (const path of ['/api/tasks/today', '/api/auth/user', '/api/clients', '/api/tasks/active', '/api/tasks/kanban/todo', '/api/tasks/archived', '/api/tasks/00000000-0000-4000-8000-000000000001']) {
      expect(kept(path)).toBe(true);
    }
  });

  it('does not keep further pages (a cursor), search, the calendar, logout, nor anything outside the api', () => {
    for (const path of ['/api/tasks/active?cursor=abc', '/api/tasks/kanban/review?cursor=x&limit=200', '/api/notes/search?query=a', '/api/tasks/calendar?start=a&end=b', '/api/logout', '/dashboard', `/api/shares/${'A'.repeat(43)}`]) {
      expect(kept(path)).toBe(false);
    }
  });
});

describe('api changes the service worker never queues offline', () => {
  const neverQueued = (path: string) => isNeverQueued(new URL(path, 'https://daybook.example'));

  it('sends sign-in, sign-out, model reviews, notifications and snoozes now or not at all', () => {
    for (const path of ['/api/login', '/api/logout', '/api/ai/structure-task', '/api/notifications/settings', '/api/notifications/channels/x/test', '/api/notifications/push-subscriptions', '/api/tasks/00000000-0000-4000-8000-000000000001/snooze', `/api/shares/${'A'.repeat(43)}/comments`]) {
      expect(neverQueued(path)).toBe(true);
    }
  });

  it('queues the changes to tasks, clients and notes', () => {
    for (const path of ['/api/tasks', '/api/tasks/00000000-0000-4000-8000-000000000001', '/api/tasks/00000000-0000-4000-8000-000000000001/complete', '/api/clients', '/api/notes']) {
      expect(neverQueued(path)).toBe(false);
    }
  });
});
