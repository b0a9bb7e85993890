import type { TaskPage } from '@daybook/shared';
import { clearLocalAnswers } from '../api/firstAnswers';
import { tasksApi } from '../api/tasksApi';
import { makeStore } from '../app/store';
import { makeTask, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { hasDeviceQueue, isCreatedInDeviceQueue, replayDeviceQueue } from './deviceQueue';
import { isLocalId, isQueuedAnswer } from './offlineProtocol';
import { forgetOfflineTasks, withOfflineTasks } from './offlineTasks';

// Offline before any service worker controls the page (jsdom has none): the page keeps the changes itself.
describe('tasks made offline without a service worker', () => {
  let online: boolean;
  const realId = uuid(7);

  beforeEach(() => {
    localStorage.clear();
    online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });

  function serve() {
    return mockFetch((request) => {
      if (!online) throw new TypeError('Failed to fetch');
      if (request.method === 'GET' && request.path.startsWith('/api/tasks/active')) return json(200, { items: [], nextCursor: null });
      if (request.method === 'POST' && request.path === '/api/tasks') return json(201, makeTask({ id: realId, title: (request.body as { title: string }).title }));
      if (request.method === 'PATCH' && request.path.startsWith(`/api/tasks/${realId}`)) return json(200, makeTask({ id: realId, title: 'Renamed' }));
      return undefined;
    });
  }

  const activeTitles = (store: ReturnType<typeof makeStore>) => {
    const pages = tasksApi.endpoints.getActiveTasks.select()(store.getState()).data?.pages as TaskPage[] | undefined;
    return (pages?.[0]?.items ?? []).map((task) => ({ title: task.title, isCompleted: task.isCompleted, waiting: isLocalId(task.id) }));
  };

  it('shows at once in its list, waiting to sync, takes an edit and completion, then replays in order with the real id', async () => {
    const { requests } = serve();
    const store = makeStore();
    await store.dispatch(tasksApi.endpoints.getActiveTasks.initiate());

    online = false;
    const created = await store.dispatch(tasksApi.endpoints.createTask.initiate({ title: 'Made offline' }));
    expect(isQueuedAnswer(created.data)).toBe(true);
    const localId = (created.data as unknown as { localIds: string[] }).localIds[0]!;
    expect(activeTitles(store)).toEqual([{ title: 'Made offline', isCompleted: false, waiting: true }]);

    await store.dispatch(tasksApi.endpoints.updateTask.initiate({ id: localId, changes: { title: 'Renamed' } }));
    await store.dispatch(tasksApi.endpoints.completeTask.initiate({ id: localId, isCompleted: true }));
    expect(activeTitles(store)).toEqual([{ title: 'Renamed', isCompleted: true, waiting: true }]);
    expect(hasDeviceQueue()).toBe(true);

    online = true;
    const sentBefore = requests.length;
    await expect(replayDeviceQueue()).resolves.toBe(true);
    expect(requests.slice(sentBefore).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/tasks', body: { title: 'Made offline' } },
      { method: 'PATCH', path: `/api/tasks/${realId}`, body: { title: 'Renamed' } },
      { method: 'PATCH', path: `/api/tasks/${realId}/complete`, body: { isCompleted: true } },
    ]);
    expect(hasDeviceQueue()).toBe(false);
    forgetOfflineTasks(isCreatedInDeviceQueue);
    expect(withOfflineTasks('getActiveTasks', [])).toEqual([]);
  });

  it('keeps what could not be sent for the next time the connection returns', async () => {
    serve();
    const store = makeStore();
    online = false;
    await store.dispatch(tasksApi.endpoints.createTask.initiate({ title: 'Made offline' }));
    await expect(replayDeviceQueue()).resolves.toBe(true); // still offline: nothing sent
    expect(hasDeviceQueue()).toBe(true);
    forgetOfflineTasks(isCreatedInDeviceQueue);
    expect(withOfflineTasks('getActiveTasks', []).map((task) => task.title)).toEqual(['Made offline']);
  });

  it('moved to the backlog or archived offline, leave the list at once', async () => {
    serve();
    const store = makeStore();
    await store.dispatch(tasksApi.endpoints.getActiveTasks.initiate());
    online = false;
    const ids = await Promise.all(
      ['To the backlog', 'Archived'].map(async (title) => {
        const created = await store.dispatch(tasksApi.endpoints.createTask.initiate({ title }));
        return (created.data as unknown as { localIds: string[] }).localIds[0]!;
      }),
    );
    await store.dispatch(tasksApi.endpoints.moveTaskToBacklog.initiate(ids[0]!));
    await store.dispatch(tasksApi.endpoints.archiveTask.initiate(ids[1]!));
    expect(activeTitles(store)).toEqual([]);
    expect(withOfflineTasks('getBacklogTasks', []).map((task) => task.title)).toEqual(['To the backlog']);
  });

  it('are forgotten with what the device kept when the user signs out', async () => {
    serve();
    const store = makeStore();
    online = false;
    await store.dispatch(tasksApi.endpoints.createTask.initiate({ title: 'Made offline' }));
    await clearLocalAnswers();
    expect(hasDeviceQueue()).toBe(false);
    expect(withOfflineTasks('getActiveTasks', [])).toEqual([]);
  });

  it('fails a change made online as before: a network error is not taken for offline', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = makeStore();
    const created = await store.dispatch(tasksApi.endpoints.createTask.initiate({ title: 'Flaky' }));
    expect(created.error).toBeDefined();
    expect(hasDeviceQueue()).toBe(false);
  });
});
