import { z } from 'zod';
import { idSchema, text } from '../common';
import { labelForTimeIncrementValue, TIME_INCREMENT_VALUE_PATTERN } from './time-increments';

export const TIME_INCREMENT_LABEL_MAX = 50;

/** `{n}min`, `{n}h` or `{n}d` with n from the spec's numbers. */
export const timeIncrementValueSchema = z
  .string({ message: 'Value is required' })
  .trim()
  .regex(TIME_INCREMENT_VALUE_PATTERN, 'Value must be {n}min, {n}h or {n}d with n one of 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, 45');

/** POST /api/time-increments: the label must be the one derived from the value ('2h' → '2 hours'). */
export const timeIncrementCreateBodySchema = z
  .object({
    label: z.string({ message: 'Label is required' }).trim().min(1, 'Label is required').pipe(text(TIME_INCREMENT_LABEL_MAX)),
    value: timeIncrementValueSchema,
  })
  .superRefine((body, ctx) => {
    const expected = labelForTimeIncrementValue(body.value);
    if (expected !== null && body.label !== expected) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: `Label must be '${expected}'` });
    }
  });
export type TimeIncrementCreateBody = z.infer<typeof timeIncrementCreateBodySchema>;

export const timeIncrementSchema = z.object({ id: idSchema, label: z.string(), value: z.string() });
export type TimeIncrement = z.infer<typeof timeIncrementSchema>;
export const timeIncrementListSchema = z.array(timeIncrementSchema);
