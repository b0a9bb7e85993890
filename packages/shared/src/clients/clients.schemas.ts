import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { hasNoDuplicates, REORDER_MAX, requiredText, sortOrderSchema } from '../fields';
import { hourlyRateMinorSchema } from '../billing/billing.schemas';
import { DEFAULT_CLIENT_COLOR, HEX_COLOR_PATTERN } from './client-colors';

export const CLIENT_NAME_MAX = 100;

export const clientNameSchema = requiredText(CLIENT_NAME_MAX, 'Client name is required');

/** `#rrggbb`, stored in lower case. */
export const clientColorSchema = z
  .string({ message: 'Colour must be a hex colour like #e5e7eb' })
  .trim()
  .regex(HEX_COLOR_PATTERN, 'Colour must be a hex colour like #e5e7eb')
  .toLowerCase();

/** An absent or blank colour takes the default. */
const colorOrDefault = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  clientColorSchema.default(DEFAULT_CLIENT_COLOR),
);

/** Other names the user calls a client by ("Bob's shop" for Robertson Retail): used by task capture (DECISIONS 28). */
export const CLIENT_ALIASES_MAX = 20;
export const clientAliasesSchema = z
  .array(requiredText(CLIENT_NAME_MAX, 'An alias must not be blank'))
  .max(CLIENT_ALIASES_MAX, `At most ${CLIENT_ALIASES_MAX} aliases`)
  .refine((list) => hasNoDuplicates(list.map((alias) => alias.toLowerCase())), 'Aliases must not repeat');

/** The client's hourly rate in minor units (DECISIONS 31); null: the user's default rate. */
export const clientHourlyRateSchema = hourlyRateMinorSchema.nullable();
/** Whether time on the client's tasks is billable unless an entry says otherwise (DECISIONS 31). */
export const clientBillableSchema = z.boolean({ message: 'Billable must be true or false' });

/** POST /api/clients */
export const clientCreateBodySchema = z.object({
  name: clientNameSchema,
  color: colorOrDefault,
  aliases: clientAliasesSchema.default([]),
  hourlyRateMinor: clientHourlyRateSchema.default(null),
  billable: clientBillableSchema.default(true),
});
export type ClientCreateBody = z.output<typeof clientCreateBodySchema>;
export type ClientCreateInput = z.input<typeof clientCreateBodySchema>;

/** PATCH /api/clients/{id} */
export const clientUpdateBodySchema = z
  .object({
    name: clientNameSchema,
    color: clientColorSchema,
    sortOrder: sortOrderSchema,
    aliases: clientAliasesSchema,
    hourlyRateMinor: clientHourlyRateSchema,
    billable: clientBillableSchema,
  })
  .partial();
export type ClientUpdateBody = z.infer<typeof clientUpdateBodySchema>;

/** PATCH /api/clients/reorder */
export const clientReorderBodySchema = z.object({
  clients: z
    .array(z.object({ id: idSchema, sortOrder: sortOrderSchema }))
    .min(1, 'At least one client is required')
    .max(REORDER_MAX, `At most ${REORDER_MAX} clients`)
    .refine((list) => hasNoDuplicates(list.map((c) => c.id)), 'Client ids must not repeat'),
});
export type ClientReorderBody = z.infer<typeof clientReorderBodySchema>;

export const clientSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: z.string(),
  aliases: z.array(z.string()),
  sortOrder: z.number().int(),
  hourlyRateMinor: z.number().int().nullable(),
  billable: z.boolean(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Client = z.infer<typeof clientSchema>;
export const clientListSchema = z.array(clientSchema);
