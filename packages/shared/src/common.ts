import { z } from 'zod';

/** Ids are UUIDs; a malformed id is a 400, a well-formed unknown or foreign id a 404. */
export const idSchema = z.uuid({ message: 'Invalid id' });
export type Id = z.infer<typeof idSchema>;

/** Every stored text rejects NUL bytes (Postgres cannot store them in text columns). */
export const noNul = (value: string) => !value.includes('\u0000');
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** A plain string with a maximum length and no NUL bytes. */
export const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).refine(noNul, NUL_MESSAGE);

/** The route param `{ id }` most item routes take. */
export const idParamsSchema = z.object({ id: idSchema });

/** An instant in time, as an ISO 8601 string in UTC. */
export const isoInstantSchema = z.iso.datetime({ offset: true });

/** Body of every error answer of the api (docs/development.md convention 4). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
