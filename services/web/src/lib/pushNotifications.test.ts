import { actionRequest, notificationFor, readPushPayload } from './pushNotifications';

const TASK = '00000000-0000-4000-8000-000000000001';
const REMINDER = '00000000-0000-4000-8000-000000000002';
const reminder = { kind: 'reminder', title: 'Call Acme', body: 'Due at 15:00', taskId: TASK, reminderId: REMINDER, late: false, url: `/?task=${TASK}` };

describe('a push message (DECISIONS 29)', () => {
  it('shows a reminder about a task tagged by its reminder, with Complete and Snooze 1 h', () => {
    const { title, options } = notificationFor(readPushPayload(reminder));
    expect(title).toBe('Call Acme');
    expect(options).toMatchObject({ body: 'Due at 15:00', tag: REMINDER, data: reminder });
    expect(options.actions).toEqual([
      { action: 'complete', title: 'Complete' },
      { action: 'snooze', title: 'Snooze 1 h' },
    ]);
  });

  it('offers no buttons on the digest or a test, and tags a message without a reminder by its task', () => {
    expect(notificationFor(readPushPayload({ ...reminder, kind: 'digest', taskId: null, reminderId: null, url: '/' })).options).toMatchObject({ actions: [], tag: undefined });
    expect(notificationFor(readPushPayload({ ...reminder, kind: 'test', taskId: null, reminderId: null })).options.actions).toEqual([]);
    expect(notificationFor(readPushPayload({ ...reminder, reminderId: null })).options.tag).toBe(TASK);
  });

  it('still shows a damaged message as a plain notification that opens the app, never another site', () => {
    expect(readPushPayload(null)).toEqual({ kind: 'reminder', title: 'Daybook', body: '', taskId: null, reminderId: null, late: false, url: '/' });
    expect(readPushPayload({ title: 42, body: 'Hi', url: 'https://evil.example/' })).toMatchObject({ title: 'Daybook', body: 'Hi', url: '/' });
    expect(readPushPayload({ url: '//evil.example/x' }).url).toBe('/');
    expect(notificationFor(readPushPayload({ body: 'Hi' })).options.actions).toEqual([]);
  });
});

describe("a notification's buttons", () => {
  const payload = readPushPayload(reminder);

  it('Complete marks the task completed and Snooze asks for the reminder again in an hour', () => {
    expect(actionRequest('complete', payload)).toEqual({ method: 'PATCH', path: `/api/tasks/${TASK}/complete`, body: { isCompleted: true } });
    expect(actionRequest('snooze', payload)).toEqual({ method: 'POST', path: `/api/tasks/${TASK}/snooze`, body: { minutes: 60 } });
  });

  it('a click on the notification itself, or a message without a task, calls nothing', () => {
    expect(actionRequest('', payload)).toBeNull();
    expect(actionRequest('complete', readPushPayload({ ...reminder, taskId: null }))).toBeNull();
  });
});
