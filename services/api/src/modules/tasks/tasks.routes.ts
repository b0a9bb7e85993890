import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z, ZodError } from 'zod';
import {
  archivedQuerySchema,
  calendarQuerySchema,
  idParamsSchema,
  idSchema,
  kanbanColumnParamsSchema,
  snoozeBodySchema,
  taskCommentCreateBodySchema,
  taskBatchCreateBodySchema,
  taskCompleteBodySchema,
  taskCreateBodySchema,
  taskListQuerySchema,
  taskRemindersBodySchema,
  taskReorderBodySchema,
  taskReorderTodayBodySchema,
  taskUpdateBodySchema,
} from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import type { DailyPlanService } from '../daily-plan/daily-plan.service';
import type { TaskCommentsService } from './task-comments.service';
import type { TasksService } from './tasks.service';

const commentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

/** The body of POST /api/tasks/batch: an issue of one task names it by its place ("Task 2: Title is required"; its path `tasks.1.title`). */
function parseBatchBody(ctx: Context) {
  try {
    return parseBody(ctx, taskBatchCreateBodySchema);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    throw new ZodError(
      error.issues.map((issue) => {
        const [list, index] = issue.path;
        return list === 'tasks' && typeof index === 'number' ? { ...issue, message: `Task ${index + 1}: ${issue.message}` } : issue;
      }),
    );
  }
}

export function tasksRoutes(
  tasks: TasksService,
  comments: TaskCommentsService,
  dailyPlan: DailyPlanService,
  heavyRead: Middleware,
  batchRate: Middleware,
): Router<SignedInState> {
  const router = signedInRouter('/api/tasks');

  // Lists (fixed paths before `/:id`). The long ones load in pages and run behind the heavy-read gate.
  router.get('/', heavyRead, async (ctx) => {
    ctx.body = await tasks.list(ctx.state.actor, parseQuery(ctx, taskListQuerySchema));
  });
  router.get('/today', heavyRead, async (ctx) => {
    ctx.body = await tasks.today(ctx.state.actor);
  });
  router.get('/monday', heavyRead, async (ctx) => {
    ctx.body = await tasks.monday(ctx.state.actor);
  });
  router.get('/active', heavyRead, async (ctx) => {
    ctx.body = await tasks.active(ctx.state.actor, parseQuery(ctx, taskListQuerySchema));
  });
  router.get('/backlog', heavyRead, async (ctx) => {
    ctx.body = await tasks.backlog(ctx.state.actor, parseQuery(ctx, taskListQuerySchema));
  });
  router.get('/delegated', heavyRead, async (ctx) => {
    ctx.body = await tasks.delegated(ctx.state.actor, parseQuery(ctx, taskListQuerySchema));
  });
  router.get('/kanban', heavyRead, async (ctx) => {
    ctx.body = await tasks.kanban(ctx.state.actor, parseQuery(ctx, taskListQuerySchema));
  });
  router.get('/kanban/:status', heavyRead, async (ctx) => {
    const { actor } = ctx.state;
    const { status } = parseParams(ctx, kanbanColumnParamsSchema);
    ctx.body = await tasks.kanbanColumn(actor, status, parseQuery(ctx, taskListQuerySchema));
  });
  router.get('/archived', heavyRead, async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.archived(actor, parseQuery(ctx, archivedQuerySchema));
  });
  router.get('/calendar', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.calendar(actor, parseQuery(ctx, calendarQuerySchema));
  });

  // Order.
  router.patch('/reorder', async (ctx) => {
    const { actor } = ctx.state;
    const { taskIds, type } = parseBody(ctx, taskReorderBodySchema);
    await tasks.reorder(actor, taskIds, type);
    ctx.body = { message: 'Tasks reordered' };
  });
  // The daily review screen's reading (spec §7): the order, whose first 3 become today's priorities.
  router.post('/reorder/today', async (ctx) => {
    const { actor } = ctx.state;
    const { taskIds } = parseBody(ctx, taskReorderTodayBodySchema);
    ctx.body = await dailyPlan.saveOrder(actor, taskIds);
  });

  // Several tasks from one capture, all or none (DECISIONS 27).
  router.post('/batch', batchRate, async (ctx) => {
    const { actor } = ctx.state;
    const { tasks: bodies } = parseBatchBody(ctx);
    ctx.status = 201;
    ctx.body = { tasks: await tasks.createMany(actor, bodies) };
  });

  // One task.
  router.post('/', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, taskCreateBodySchema);
    ctx.status = 201;
    ctx.body = await tasks.create(actor, body);
  });
  router.get('/:id', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.get(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.patch('/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await tasks.update(actor, id, parseBody(ctx, taskUpdateBodySchema));
  });
  router.delete('/:id', async (ctx) => {
    const { actor } = ctx.state;
    await tasks.remove(actor, parseParams(ctx, idParamsSchema).id);
    ctx.status = 204;
  });
  // Undo of a delete, within minutes of it.
  router.post('/:id/undelete', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.undelete(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.patch('/:id/complete', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const { isCompleted } = parseBody(ctx, taskCompleteBodySchema);
    ctx.body = await tasks.complete(actor, id, isCompleted);
  });
  router.patch('/:id/archive', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.archive(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.patch('/:id/unarchive', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.unarchive(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.patch('/:id/backlog', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.moveToBacklog(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.patch('/:id/restore', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.restoreFromBacklog(actor, parseParams(ctx, idParamsSchema).id);
  });

  // Reminders (DECISIONS 29): the task's scheduled reminders, all of them replaced at once, and a snooze.
  router.get('/:id/reminders', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await tasks.reminders(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.put('/:id/reminders', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const { reminders } = parseBody(ctx, taskRemindersBodySchema);
    await tasks.update(actor, id, { reminders });
    ctx.body = await tasks.reminders(actor, id);
  });
  router.post('/:id/snooze', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const { minutes } = parseBody(ctx, snoozeBodySchema);
    ctx.status = 201;
    ctx.body = await tasks.snooze(actor, id, minutes);
  });

  // Comments.
  router.get('/:id/comments', async (ctx) => {
    const { actor } = ctx.state;
    ctx.body = await comments.list(actor, parseParams(ctx, idParamsSchema).id);
  });
  router.post('/:id/comments', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const { content } = parseBody(ctx, taskCommentCreateBodySchema);
    ctx.status = 201;
    ctx.body = await comments.create(actor, id, content);
  });
  router.delete('/:id/comments/:commentId', async (ctx) => {
    const { actor } = ctx.state;
    const { id, commentId } = parseParams(ctx, commentParamsSchema);
    await comments.remove(actor, id, commentId);
    ctx.status = 204;
  });

  return router;
}
