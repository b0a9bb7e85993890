import { Readable } from 'node:stream';
import type { Middleware } from 'koa';
import type Router from '@koa/router';
import { importParamsSchema, importQuerySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseParams, parseQuery } from '../../http/validate';
import type { ExportService } from './export.service';
import type { ImportsService } from './imports.service';
import { readUpload } from './upload';

/** `daybook-tasks-2026-11-27.csv` */
const fileName = (what: string, now: Date, extension: string) => `daybook-${what}-${now.toISOString().slice(0, 10)}.${extension}`;

/**
 * Import and export (DECISIONS 30). Exports stream as downloads (they count as heavy reads); uploads are
 * the request body, limited in size and per user per hour (`imports`), read and checked whole (in a
 * thread: import-file.ts) before anything is written.
 */
export function dataTransferRoutes(exports: ExportService, imports: ImportsService, heavyRead: Middleware, importLimit: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api');

  router.get('/export/daybook.json', heavyRead, (ctx) => {
    const now = new Date();
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(fileName('export', now, 'json'));
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = Readable.from(exports.daybookJson(ctx.state.actor, now));
  });

  router.get('/export/tasks.csv', heavyRead, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(fileName('tasks', new Date(), 'csv'));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = Readable.from(exports.tasksCsv(ctx.state.actor));
  });

  router.post('/imports/preview', importLimit, async (ctx) => {
    const query = parseQuery(ctx, importQuerySchema);
    ctx.body = await imports.preview(ctx.state.actor, await readUpload(ctx), query);
  });

  router.post('/imports', importLimit, async (ctx) => {
    const query = parseQuery(ctx, importQuerySchema);
    const job = await imports.start(ctx.state.actor, await readUpload(ctx), query);
    ctx.status = 202;
    ctx.set('Location', `/api/imports/${job.id}`);
    ctx.body = job;
  });

  router.get('/imports/:id', async (ctx) => {
    const { id } = parseParams(ctx, importParamsSchema);
    ctx.body = await imports.get(ctx.state.actor, id);
  });

  return router;
}
