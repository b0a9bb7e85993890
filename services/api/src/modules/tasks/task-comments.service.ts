import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskComment } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { toTaskCommentDto, type TaskCommentRow } from './tasks.mapper';

/** Comments on a task; a comment is reached only through a task the actor owns. */
export function createTaskCommentsService(rootEm: EntityManager) {
  const sql = () => rootEm.getContext() as EntityManager;

  async function assertTaskOwned(actor: Actor, taskId: string) {
    const [task] = await sql().execute('select 1 from tasks where id = ? and user_id = ?', [taskId, actor.id]);
    if (!task) throw notFound('Task');
  }

  return {
    async list(actor: Actor, taskId: string): Promise<TaskComment[]> {
      await assertTaskOwned(actor, taskId);
      const rows = await sql().execute<TaskCommentRow[]>(
        'select id, task_id, content, created_at from task_comments where task_id = ? order by created_at, id',
        [taskId],
      );
      return rows.map(toTaskCommentDto);
    },

    async create(actor: Actor, taskId: string, content: string): Promise<TaskComment> {
      await assertTaskOwned(actor, taskId);
      const [row] = await sql().execute<TaskCommentRow[]>(
        'insert into task_comments (id, task_id, content) values (gen_random_uuid(), ?, ?) returning id, task_id, content, created_at',
        [taskId, content],
      );
      return toTaskCommentDto(row!);
    },

    async remove(actor: Actor, taskId: string, commentId: string): Promise<void> {
      const result = await sql().execute<{ affectedRows: number }>(
        `delete from task_comments c using tasks t
          where c.id = ? and c.task_id = ? and t.id = c.task_id and t.user_id = ?`,
        [commentId, taskId, actor.id],
        'run',
      );
      if (!result.affectedRows) throw notFound('Comment');
    },
  };
}
export type TaskCommentsService = ReturnType<typeof createTaskCommentsService>;
