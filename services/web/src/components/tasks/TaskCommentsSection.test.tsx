import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_COMMENT_MAX, taskCommentSchema, type TaskComment } from '@daybook/shared';
import { makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { TaskCommentsSection } from './TaskCommentsSection';

const TASK = makeTask({ id: uuid(1), title: 'Collect the signed lease' });
const comment = (n: number, content: string, author: TaskComment['author'], createdAt: string): TaskComment =>
  taskCommentSchema.parse({ id: uuid(60 + n), taskId: TASK.id, content, author, createdAt });
const IMPORTED = comment(1, 'From the old project', { kind: 'imported', source: 'todoist' }, '2027-01-05T14:15:00.000Z');
const BRUNOS = comment(2, 'I will call them first.', { kind: 'contact', name: 'Bruno' }, '2027-03-05T20:00:00.000Z');

function api(initial: TaskComment[]) {
  let comments = initial;
  return mockFetch((req) => {
    if (req.path === '/api/auth/user') return json(200, makeUser());
    const base = `/api/tasks/${TASK.id}/comments`;
    if (req.path === base && req.method === 'GET') return json(200, comments);
    if (req.path === base && req.method === 'POST') {
      const added = comment(3, (req.body as { content: string }).content, { kind: 'you' }, '2027-03-06T10:00:00.000Z');
      comments = [...comments, added];
      return json(201, added);
    }
    if (req.path.startsWith(`${base}/`) && req.method === 'DELETE') {
      comments = comments.filter((one) => !req.path.endsWith(one.id));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

const rows = () => screen.getAllByTestId('task-comment').map((row) => row.textContent);

describe('the task dialog’s Comments section', () => {
  it('lists the comments oldest first with their authors; a contact’s cannot be deleted', async () => {
    api([IMPORTED, BRUNOS]);
    renderWithProviders(<TaskCommentsSection task={TASK} />);
    expect(await screen.findByRole('listitem', { name: 'Comment by Imported from Todoist' })).toHaveTextContent('Jan 5, 2027, 9:15 AMFrom the old project');
    expect(rows()).toEqual(['Imported from TodoistJan 5, 2027, 9:15 AMFrom the old project', 'BrunoMar 5, 2027, 3:00 PMI will call them first.']);
    expect(within(screen.getByRole('listitem', { name: 'Comment by Bruno' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a comment at the end and deletes one after asking', async () => {
    const { requests } = api([IMPORTED]);
    renderWithProviders(<TaskCommentsSection task={TASK} />);
    await screen.findByRole('listitem', { name: 'Comment by Imported from Todoist' });

    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(screen.getByText('Comment is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('maxlength', String(TASK_COMMENT_MAX));
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), '  Asked Bruno  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByRole('listitem', { name: 'Comment by You' })).toHaveTextContent('Asked Bruno');
    expect(requests.find((req) => req.method === 'POST')!.body).toEqual({ content: 'Asked Bruno' });
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');

    await userEvent.click(within(screen.getByRole('listitem', { name: 'Comment by Imported from Todoist' })).getByRole('button', { name: 'Delete comment' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Comment by Imported from Todoist' })).not.toBeInTheDocument());
    expect(rows()).toEqual(['YouMar 6, 2027, 5:00 AMAsked Bruno']);
    expect(requests.find((req) => req.method === 'DELETE')!.path).toBe(`/api/tasks/${TASK.id}/comments/${IMPORTED.id}`);
  });

  it('says when there are none', async () => {
    api([]);
    renderWithProviders(<TaskCommentsSection task={TASK} />);
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });
});
