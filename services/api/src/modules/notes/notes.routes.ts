import type Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  idParamsSchema,
  noteItemCreateBodySchema,
  noteItemPageQuerySchema,
  noteItemUpdateBodySchema,
  noteListCreateBodySchema,
  noteListUpdateBodySchema,
  noteSearchQuerySchema,
} from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import type { NotesService } from './notes.service';

/**
 * Notes (spec §7): pages, their notes, and search. The reads that may answer much (search, a page of
 * notes) run behind the heavy-read gate shared with the long task lists (DECISIONS 22).
 */
export function noteRoutes(notes: NotesService, heavyRead: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api');

  router.get('/note-lists', async (ctx) => {
    ctx.body = await notes.listPages(ctx.state.actor);
  });

  router.post('/note-lists', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, noteListCreateBodySchema);
    ctx.status = 201;
    ctx.body = await notes.createPage(actor, body);
  });

  router.patch('/note-lists/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, noteListUpdateBodySchema);
    ctx.body = await notes.updatePage(actor, id, body);
  });

  router.delete('/note-lists/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    await notes.removePage(actor, id);
    ctx.status = 204;
  });

  router.get('/note-lists/:id/items', heavyRead, async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await notes.listItems(actor, id, parseQuery(ctx, noteItemPageQuerySchema));
  });

  router.post('/note-lists/:id/items', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, noteItemCreateBodySchema);
    ctx.status = 201;
    ctx.body = await notes.createItem(actor, id, body);
  });

  router.get('/note-items/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await notes.getItem(actor, id);
  });

  router.patch('/note-items/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, noteItemUpdateBodySchema);
    ctx.body = await notes.updateItem(actor, id, body);
  });

  router.delete('/note-items/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    await notes.removeItem(actor, id);
    ctx.status = 204;
  });

  router.get('/notes/search', heavyRead, async (ctx) => {
    const { actor } = ctx.state;
    const query = parseQuery(ctx, noteSearchQuerySchema);
    ctx.body = await notes.search(actor, query);
  });

  return router;
}
