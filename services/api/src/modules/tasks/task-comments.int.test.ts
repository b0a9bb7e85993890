import request from 'supertest';
import { TASK_COMMENT_MAX, TASK_COMMENTS_LIST_MAX, type CreatedTaskShare, type Task, type TaskComment } from '@daybook/shared';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

/**
 * A task's comments (spec §3 task_comments) as the task dialog lists them: the user's, imported ones and
 * the contact's from a shared link (DECISIONS 33), oldest first with their authors; added and deleted by
 * the task's owner only.
 */

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb(); // fresh rate limits for the contact's link
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
});

const db = () => t.orm.em.getConnection();
const comments = async (client: ApiClient, taskId: string) => {
  const res = await client.get(`/api/tasks/${taskId}/comments`);
  expect(res.status).toBe(200);
  return res.body as TaskComment[];
};

/** Anna's task delegated to Bruno, and the link she sent him. */
async function sharedTask(): Promise<{ task: Task; token: string }> {
  await anna.patch('/api/auth/user/settings', { enableDelegation: true });
  const contactId = (await anna.post('/api/delegation-contacts', { name: 'Bruno' })).body.id as string;
  const task = (await anna.post('/api/tasks', { title: 'Collect the signed lease', isDelegated: true, delegatedToId: contactId })).body as Task;
  const res = await anna.post(`/api/tasks/${task.id}/shares`, {});
  expect(res.status).toBe(201);
  return { task, token: (res.body as CreatedTaskShare).token };
}

/** A comment as an import writes it: at its time in the source. */
const importedComment = (taskId: string, content: string, at: string) =>
  db().execute(`insert into task_comments (id, task_id, content, created_at, imported_from) values (gen_random_uuid(), ?, ?, ?, 'todoist')`, [taskId, content, at]);

describe('task comments', () => {
  it('lists imported, own and the contact’s comments oldest first, each with its author', async () => {
    const { task, token } = await sharedTask();
    await importedComment(task.id, 'From the old project', '2026-01-05T09:15:00.000Z');
    const mine = await anna.post(`/api/tasks/${task.id}/comments`, { content: ' Asked Bruno to pick it up ' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ taskId: task.id, content: 'Asked Bruno to pick it up', author: { kind: 'you' } });
    expect((await request(t.server).post(`/api/shares/${token}/comments`).send({ text: 'I will call them first.' })).status).toBe(201);

    const listed = await comments(anna, task.id);
    expect(listed.map(({ content, author }) => ({ content, author }))).toEqual([
      { content: 'From the old project', author: { kind: 'imported', source: 'todoist' } },
      { content: 'Asked Bruno to pick it up', author: { kind: 'you' } },
      { content: 'I will call them first.', author: { kind: 'contact', name: 'Bruno' } },
    ]);
    expect(listed[0]!.createdAt).toBe('2026-01-05T09:15:00.000Z');
    expect(listed.every((comment) => comment.taskId === task.id)).toBe(true);

    // The user's own and imported comments can be deleted; the contact's stays (it is theirs, on their page too).
    const [imported, own, contacts] = listed as [TaskComment, TaskComment, TaskComment];
    expect((await anna.delete(`/api/tasks/${task.id}/comments/${contacts.id}`)).status).toBe(404);
    expect((await anna.delete(`/api/tasks/${task.id}/comments/${imported.id}`)).status).toBe(204);
    expect((await anna.delete(`/api/tasks/${task.id}/comments/${own.id}`)).status).toBe(204);
    expect((await comments(anna, task.id)).map((comment) => comment.content)).toEqual(['I will call them first.']);
  });

  it('another user’s task, or a comment of another task, behaves like a missing one', async () => {
    const { task, token } = await sharedTask();
    await request(t.server).post(`/api/shares/${token}/comments`).send({ text: 'On it' });
    const own = (await anna.post(`/api/tasks/${task.id}/comments`, { content: 'Private' })).body as TaskComment;
    const other = (await anna.post('/api/tasks', { title: 'Another task' })).body as Task;
    const before = await rowCounts(t.orm);

    for (const res of [
      await bob.get(`/api/tasks/${task.id}/comments`),
      await bob.post(`/api/tasks/${task.id}/comments`, { content: 'hi' }),
      await bob.delete(`/api/tasks/${task.id}/comments/${own.id}`),
      await anna.delete(`/api/tasks/${other.id}/comments/${own.id}`),
      await anna.get('/api/tasks/00000000-0000-4000-8000-000000000001/comments'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Private');
      expect(res.text).not.toContain('On it');
    }
    expect(await comments(anna, other.id)).toEqual([]);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('refuses bad input with a clear 400', async () => {
    const task = (await anna.post('/api/tasks', { title: 'Discuss' })).body as Task;
    const messageOf = async (path: string, body: unknown) => {
      const res = await anna.post(path, body as object);
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await messageOf(`/api/tasks/${task.id}/comments`, { content: '   ' })).toMatch(/Comment is required/);
    expect(await messageOf(`/api/tasks/${task.id}/comments`, {})).toMatch(/Comment is required/);
    expect(await messageOf(`/api/tasks/${task.id}/comments`, { content: 'x'.repeat(TASK_COMMENT_MAX + 1) })).toMatch(`at most ${TASK_COMMENT_MAX}`);
    expect((await anna.post('/api/tasks/not-a-task/comments', { content: 'hi' })).status).toBe(400);
    expect((await anna.get('/api/tasks/not-a-task/comments')).status).toBe(400);
    expect((await anna.delete(`/api/tasks/${task.id}/comments/not-a-comment`)).status).toBe(400);
    expect(await comments(anna, task.id)).toEqual([]);
  });

  it('lists a task’s newest comments, oldest first, up to the cap', async () => {
    const task = (await anna.post('/api/tasks', { title: 'Long thread' })).body as Task;
    const count = TASK_COMMENTS_LIST_MAX + 5;
    await db().execute(
      `insert into task_comments (id, task_id, content, created_at)
       select gen_random_uuid(), ?, 'Comment ' || n, timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute' from generate_series(1, ?) n`,
      [task.id, count],
    );
    const listed = await comments(anna, task.id);
    expect(listed).toHaveLength(TASK_COMMENTS_LIST_MAX);
    expect(listed[0]!.content).toBe('Comment 6');
    expect(listed.at(-1)!.content).toBe(`Comment ${count}`);
  });
});
