import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskComment as TaskCommentDto } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { dataAccess } from '../../db/unit-of-work';

/** The `task_comments` table (alias `c`); a comment is never edited. */
const COMMENT = columnMap<TaskCommentDto>()('c', {
  id: { column: 'id' },
  taskId: { column: 'task_id' },
  content: { column: 'content' },
  createdAt: { column: 'created_at', kind: 'instant' },
});

/** Every SQL statement about task comments; a comment is reached only through its task. */
export interface TaskCommentsRepository {
  /** True when the task is the user's. */
  taskIsOwned(userId: string, taskId: string): Promise<boolean>;
  /** The task's comments, oldest first. */
  list(taskId: string): Promise<TaskCommentDto[]>;
  insert(taskId: string, content: string): Promise<TaskCommentDto>;
  /** Deletes the comment of the user's task; false when there is none. */
  remove(userId: string, taskId: string, commentId: string): Promise<boolean>;
}

export function createTaskCommentsRepository(rootEm: EntityManager): TaskCommentsRepository {
  const { db } = dataAccess(rootEm);
  return {
    async taskIsOwned(userId, taskId) {
      const [task] = await db().execute('select 1 from tasks where id = ? and user_id = ?', [taskId, userId]);
      return task !== undefined;
    },

    list: (taskId) => db().execute<TaskCommentDto[]>(`select ${COMMENT.select} from task_comments c where c.task_id = ? order by c.created_at, c.id`, [taskId]),

    async insert(taskId, content) {
      const [comment] = await db().execute<TaskCommentDto[]>(
        `insert into task_comments as c (id, task_id, content) values (gen_random_uuid(), ?, ?) returning ${COMMENT.select}`,
        [taskId, content],
      );
      return comment!;
    },

    async remove(userId, taskId, commentId) {
      const result = await db().execute<{ affectedRows: number }>(
        `delete from task_comments c using tasks t
          where c.id = ? and c.task_id = ? and t.id = c.task_id and t.user_id = ?`,
        [commentId, taskId, userId],
        'run',
      );
      return result.affectedRows > 0;
    },
  };
}
