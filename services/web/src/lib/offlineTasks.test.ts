import { makeTask, uuid } from '../test/fixtures';
import { addOfflineTasks, changeOfflineTask } from './offlineTaskChanges';
import { forgetOfflineTasks, withOfflineTasks } from './offlineTasks';

const ZONE = 'Europe/Paris';
const NOW = new Date('2026-03-11T09:00:00Z'); // a Wednesday
const titles = (list: Parameters<typeof withOfflineTasks>[0], kanban?: Parameters<typeof withOfflineTasks>[2]) =>
  withOfflineTasks(list, [makeTask({ id: uuid(1), title: 'On the server' })], kanban).map((task) => task.title);

describe('tasks made offline, in their lists', () => {
  beforeEach(() => localStorage.clear());

  it('lead the lists they belong to, newest first, and no others', () => {
    addOfflineTasks(['local-00000000-0000-4000-8000-000000000001'], [{ title: 'Due today', dueDate: '2026-03-11' }], ZONE, NOW);
    addOfflineTasks(['local-00000000-0000-4000-8000-000000000002', 'local-00000000-0000-4000-8000-000000000003'], [{ title: 'Someday' }, { title: 'Later', isBacklog: true }], ZONE, NOW);
    expect(titles('getTodayTasks')).toEqual(['Due today', 'On the server']);
    expect(titles('getActiveTasks')).toEqual(['Someday', 'Due today', 'On the server']);
    expect(titles('getBacklogTasks')).toEqual(['Later', 'On the server']);
    expect(titles('getKanbanColumn', 'todo')).toEqual(['Someday', 'Due today', 'On the server']);
    expect(titles('getKanbanColumn', 'completed')).toEqual(['On the server']);
  });

  it('take edits and completion like the server would', () => {
    const id = 'local-00000000-0000-4000-8000-000000000001';
    addOfflineTasks([id], [{ title: 'Draft' }], ZONE, NOW);
    changeOfflineTask(id, { title: 'Final', dueDate: '2026-03-11' }, ZONE, NOW);
    changeOfflineTask(id, { isCompleted: true }, ZONE, NOW);
    const [task] = withOfflineTasks('getTodayTasks', []);
    expect(task).toMatchObject({ id, title: 'Final', dueDate: '2026-03-11', isCompleted: true, status: 'completed' });
    expect(titles('getKanbanColumn', 'completed')).toEqual(['Final', 'On the server']);
  });

  it('are forgotten once their queue has been replayed', () => {
    addOfflineTasks(['local-00000000-0000-4000-8000-000000000001', 'local-00000000-0000-4000-8000-000000000002'], [{ title: 'Sent' }, { title: 'Waiting' }], ZONE, NOW);
    forgetOfflineTasks((id) => id.endsWith('2'));
    expect(titles('getActiveTasks')).toEqual(['Waiting', 'On the server']);
  });
});
