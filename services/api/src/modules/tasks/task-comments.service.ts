import type { EntityManager } from '@mikro-orm/postgresql';
import { TASK_COMMENTS_LIST_MAX, type TaskComment } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { createTaskCommentsRepository, type TaskCommentsRepository } from './task-comments.repository';

/** The task comments service on the database (app.ts). */
export const createTaskCommentsService = (em: EntityManager) => taskCommentsService(createTaskCommentsRepository(em));

/**
 * Comments on a task; a comment is reached only through a task the actor owns. The list holds the
 * contact's comments from a shared link too (read-only here: they are the contact's words).
 */
export function taskCommentsService(comments: TaskCommentsRepository) {
  async function assertTaskOwned(actor: Actor, taskId: string) {
    if (!(await comments.taskIsOwned(actor.id, taskId))) throw notFound('Task');
  }

  return {
    async list(actor: Actor, taskId: string): Promise<TaskComment[]> {
      await assertTaskOwned(actor, taskId);
      return comments.list(actor.id, taskId, TASK_COMMENTS_LIST_MAX);
    },

    async create(actor: Actor, taskId: string, content: string): Promise<TaskComment> {
      await assertTaskOwned(actor, taskId);
      return comments.insert(taskId, content);
    },

    async remove(actor: Actor, taskId: string, commentId: string): Promise<void> {
      if (!(await comments.remove(actor.id, taskId, commentId))) throw notFound('Comment');
    },
  };
}
export type TaskCommentsService = ReturnType<typeof taskCommentsService>;
