import { isKeptOffline, isLocalId, isNeverQueued, newLocalIds, realIdsOf, withRealIds } from './offlineProtocol';

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

describe('tasks created offline, by local id until their creation replays', () => {
  const at = (path: string) => new URL(path, 'https://daybook.example');

  it('gets one local id per task created, none for other changes', () => {
    expect(newLocalIds('POST', at('/api/tasks'), '{"title":"A"}')).toHaveLength(1);
    expect(newLocalIds('POST', at('/api/tasks/batch'), '{"tasks":[{"title":"A"},{"title":"B"}]}')).toHaveLength(2);
    expect(newLocalIds('PATCH', at('/api/tasks/x'), '{}')).toEqual([]);
    expect(newLocalIds('POST', at('/api/clients'), '{"name":"C"}')).toEqual([]);
    expect(newLocalIds('POST', at('/api/tasks'), '{}').every(isLocalId)).toBe(true);
  });

  it('puts the real ids of replayed creations in the later changes', () => {
    const [first, second] = newLocalIds('POST', at('/api/tasks/batch'), '{"tasks":[{},{}]}') as [string, string];
    const ids = realIdsOf([first, second], { tasks: [{ id: 'real-1' }, { id: 'real-2' }] });
    expect(ids).toEqual({ [first]: 'real-1', [second]: 'real-2' });
    expect(withRealIds(`/api/tasks/${second}/complete`, ids)).toBe('/api/tasks/real-2/complete');
    const [single] = newLocalIds('POST', at('/api/tasks'), '{}') as [string];
    expect(realIdsOf([single], { id: 'real-3' })).toEqual({ [single]: 'real-3' });
    expect(withRealIds(`{"taskIds":["${single}"]}`, {})).toBe(`{"taskIds":["${single}"]}`); // not replayed yet: kept
  });
});
