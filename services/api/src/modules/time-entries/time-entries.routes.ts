import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  idParamsSchema,
  isoInstantSchema,
  OFFLINE_MADE_AT_HEADER,
  timeEntryCreateBodySchema,
  timeEntryListQuerySchema,
  timeEntryPageQuerySchema,
  timeEntryUpdateBodySchema,
  timerStartBodySchema,
  timerStopBodySchema,
} from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import type { TimeEntriesService } from './time-entries.service';

/** The instant a change queued offline was made (the service worker's header), or null. */
function madeAt(ctx: Context): string | null {
  const parsed = isoInstantSchema.safeParse(ctx.get(OFFLINE_MADE_AT_HEADER));
  return parsed.success ? parsed.data : null;
}

/** Time tracking (DECISIONS 31): the timer, and time entries by task, by period and by id. */
export function timeEntryRoutes(entries: TimeEntriesService, heavyRead: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api');

  router.get('/timer', async (ctx) => {
    ctx.body = await entries.timer(ctx.state.actor);
  });
  router.post('/timer', async (ctx) => {
    const { taskId } = parseBody(ctx, timerStartBodySchema);
    const { started, ...state } = await entries.start(ctx.state.actor, taskId, madeAt(ctx));
    ctx.status = started ? 201 : 200;
    ctx.body = state;
  });
  router.post('/timer/stop', async (ctx) => {
    const { entryId } = parseBody(ctx, timerStopBodySchema);
    ctx.body = await entries.stop(ctx.state.actor, entryId, madeAt(ctx));
  });

  router.get('/tasks/:id/time-entries', heavyRead, async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await entries.listForTask(ctx.state.actor, id, parseQuery(ctx, timeEntryPageQuerySchema));
  });
  router.get('/time-entries', heavyRead, async (ctx) => {
    ctx.body = await entries.list(ctx.state.actor, parseQuery(ctx, timeEntryListQuerySchema));
  });
  router.post('/time-entries', async (ctx) => {
    const body = parseBody(ctx, timeEntryCreateBodySchema);
    ctx.status = 201;
    ctx.body = await entries.create(ctx.state.actor, body);
  });
  router.patch('/time-entries/:id', async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await entries.update(ctx.state.actor, id, parseBody(ctx, timeEntryUpdateBodySchema));
  });
  router.delete('/time-entries/:id', async (ctx) => {
    await entries.remove(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
    ctx.status = 204;
  });

  return router;
}
