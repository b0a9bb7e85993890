import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { requiredText } from '../fields';

export const CONTACT_NAME_MAX = 100;

const contactNameSchema = requiredText(CONTACT_NAME_MAX, 'Contact name is required');

/** POST /api/delegation-contacts: name trimmed and required. */
export const delegationContactCreateBodySchema = z.object({ name: contactNameSchema });
export type DelegationContactCreateBody = z.infer<typeof delegationContactCreateBodySchema>;

/** PATCH /api/delegation-contacts/{id}: the name, trimmed and non-blank when sent. */
export const delegationContactUpdateBodySchema = z.object({ name: contactNameSchema }).partial();
export type DelegationContactUpdateBody = z.infer<typeof delegationContactUpdateBodySchema>;

export const delegationContactSchema = z.object({
  id: idSchema,
  name: z.string(),
  sortOrder: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type DelegationContact = z.infer<typeof delegationContactSchema>;
export const delegationContactListSchema = z.array(delegationContactSchema);
