import { z } from 'zod';
import { idSchema, text } from './common';

/** Field builders reused by the domain schemas, so each rule about a field lives in one place. */

/** A required text: trimmed, non-blank (`message` when missing or blank), at most `max`, no NUL bytes. */
export const requiredText = (max: number, message: string) =>
  z.string({ message }).trim().min(1, message).pipe(text(max));

/** Blank strings read as null (forms send '' for "nothing"); use with z.preprocess. */
export const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional text that may be cleared: trimmed, at most `max`; '' or null → null. */
export const nullableText = (max: number) =>
  z.preprocess(blankAsNull, z.string().trim().pipe(text(max)).nullable());

/** A reference that may be cleared: '' or null → null, else a uuid. */
export const nullableIdSchema = z.preprocess(blankAsNull, idSchema.nullable());

/** Manual order of tasks, clients, contacts, notes. */
export const SORT_ORDER_MAX = 1_000_000;
export const sortOrderSchema = z
  .number({ message: 'Sort order must be a number' })
  .int('Sort order must be a whole number')
  .min(0, 'Sort order must not be negative')
  .max(SORT_ORDER_MAX, `Sort order must be at most ${SORT_ORDER_MAX}`);

/** Largest list a reorder call may carry. */
export const REORDER_MAX = 500;

/** True when no value occurs twice. */
export const hasNoDuplicates = (values: readonly unknown[]) => new Set(values).size === values.length;

/** An ordered, non-empty list of distinct ids (reorder calls). */
export const orderedIdsSchema = (max: number = REORDER_MAX) =>
  z
    .array(idSchema)
    .min(1, 'At least one id is required')
    .max(max, `At most ${max} ids`)
    .refine(hasNoDuplicates, 'Ids must not repeat');

/** One page of a list that loads in pages (DECISIONS 15, 22). `nextCursor` is null on the last page. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A cursor as sent back by the client: opaque text made by the api ('' reads as absent). */
const cursorSchema = z.preprocess((v) => (v === '' ? undefined : v), z.string().pipe(text(500)).optional());

/** `?limit=&cursor=` of a paged list (DECISIONS 22): the limit defaults to `defaultLimit` and is at most `max`. */
export const pageQuerySchema = (defaultLimit: number, max: number) =>
  z.object({
    limit: z.coerce
      .number({ message: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(max, `Limit must be at most ${max}`)
      .default(defaultLimit),
    cursor: cursorSchema,
  });
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}
