import type { Context } from 'koa';
import type { z } from 'zod';

/** Validates a request part with a shared zod schema; a ZodError becomes a 400 in the error handler. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  return schema.parse(body ?? {});
}

export function parseParams<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse((ctx as unknown as { params: unknown }).params);
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(ctx.query);
}
