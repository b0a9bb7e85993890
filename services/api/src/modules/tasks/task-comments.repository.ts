import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskComment as TaskCommentDto } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { dataAccess } from '../../db/unit-of-work';

/** A task's comments in one shape (alias `c`): the user's and imported ones, and its contact's; a comment is never edited. */
const COMMENT = columnMap<TaskCommentDto>()('c', {
  id: { column: 'id' },
  taskId: { column: 'task_id' },
  content: { column: 'content' },
  createdAt: { column: 'created_at', kind: 'instant' },
  author: { column: 'author', kind: 'json' },
});

/** Rows of `task_comments` (or of a statement's rows shaped like them) in the shared shape: the user's own, or an import's. */
const ownComments = (rows: string) =>
  `select id, task_id, content, created_at,
          case when imported_from is null then jsonb_build_object('kind', 'you')
               else jsonb_build_object('kind', 'imported', 'source', imported_from) end as author
     from ${rows}`;

/** The comments a task's contact left through its shared link (DECISIONS 33): kept with the link's responses. */
const CONTACT_COMMENTS = `select r.id, r.task_id, r.text as content, r.created_at, jsonb_build_object('kind', 'contact', 'name', dc.name) as author
     from task_share_responses r join task_shares s on s.id = r.share_id join delegation_contacts dc on dc.id = s.contact_id
    where r.kind = 'comment'`;

/** Every SQL statement about task comments; a comment is reached only through its task. */
export interface TaskCommentsRepository {
  /** True when the task is the user's. */
  taskIsOwned(userId: string, taskId: string): Promise<boolean>;
  /** The user's task's comments, its contact's among them: the newest `limit`, oldest first. */
  list(userId: string, taskId: string, limit: number): Promise<TaskCommentDto[]>;
  insert(taskId: string, content: string): Promise<TaskCommentDto>;
  /** Deletes the comment (the user's own or an imported one) of the user's task; false when there is none. */
  remove(userId: string, taskId: string, commentId: string): Promise<boolean>;
}

export function createTaskCommentsRepository(rootEm: EntityManager): TaskCommentsRepository {
  const { db } = dataAccess(rootEm);
  return {
    async taskIsOwned(userId, taskId) {
      const [task] = await db().execute('select 1 from tasks where id = ? and user_id = ?', [taskId, userId]);
      return task !== undefined;
    },

    async list(userId, taskId, limit) {
      const newest = await db().execute<TaskCommentDto[]>(
        `select ${COMMENT.select}
           from (${ownComments('task_comments where task_id = ?')}
                 union all ${CONTACT_COMMENTS} and r.task_id = ? and r.user_id = ?) c
          order by c.created_at desc, c.id desc limit ?`,
        [taskId, taskId, userId, limit],
      );
      return newest.reverse();
    },

    async insert(taskId, content) {
      const [comment] = await db().execute<TaskCommentDto[]>(
        `with inserted as (insert into task_comments (id, task_id, content) values (gen_random_uuid(), ?, ?) returning *)
         select ${COMMENT.select} from (${ownComments('inserted')}) c`,
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
