import { shareResponseMessage } from './messages';
import type { ShareResponseNotice } from './store';

const response = (fields: Partial<ShareResponseNotice>): ShareResponseNotice => ({
  taskId: '00000000-0000-4000-8000-000000000001',
  taskTitle: 'Collect the signed lease',
  contactName: 'Bruno',
  kind: 'comment',
  proposedDate: null,
  proposedTime: null,
  text: null,
  ...fields,
});

describe('a contact’s response through a shared link (DECISIONS 33)', () => {
  it('names the contact and the task, and opens the task', () => {
    const message = shareResponseMessage(response({ kind: 'comment', text: 'Calling them now.' }), 'r1', false);
    expect(message).toEqual({
      kind: 'share',
      title: 'Bruno commented on “Collect the signed lease”',
      body: 'Calling them now.',
      taskId: '00000000-0000-4000-8000-000000000001',
      reminderId: 'r1',
      late: false,
      url: '/?task=00000000-0000-4000-8000-000000000001',
    });
  });

  it('says the proposed date with its weekday, the time and the message', () => {
    expect(shareResponseMessage(response({ kind: 'proposal', proposedDate: '2027-03-17', proposedTime: '09:30', text: 'Closed that week' }), 'r2', false)).toMatchObject({
      title: 'Bruno proposes a new date for “Collect the signed lease”',
      body: 'Wednesday, Mar 17, 2027 at 09:30\nClosed that week\nOpen the task to accept it.',
    });
    expect(shareResponseMessage(response({ kind: 'proposal', proposedDate: '2027-03-17' }), 'r3', false).body).toBe('Wednesday, Mar 17, 2027\nOpen the task to accept it.');
  });

  it('tells that the task was done', () => {
    expect(shareResponseMessage(response({ kind: 'done' }), 'r4', true)).toMatchObject({ title: 'Bruno marked “Collect the signed lease” done', late: true });
  });
});
