import type { AdminAuditQuery, AuditPage, AuditQuery } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest } from '../../core/errors';
import type { AuditFilters, AuditRepository } from './audit.repository';
import { deviceLabel } from './user-agent';

/**
 * Reading the audit log (DECISIONS 48): each user their own events, the admin everyone's (the route's guard
 * checks the role). Newest first, in pages.
 */
export function createAuditService(audit: AuditRepository) {
  async function page({ limit, cursor, ...filters }: AuditFilters & { limit: number; cursor?: string | undefined }): Promise<AuditPage> {
    const found = await audit.page(filters, { limit, cursor });
    if (!found) throw badRequest('Invalid cursor');
    return { items: found.items.map(({ userAgent, ...event }) => ({ ...event, device: deviceLabel(userAgent) })), nextCursor: found.nextCursor };
  }

  return {
    /** The user's own events: those about their account, whoever caused them. */
    own: (actor: Actor, query: AuditQuery) => page({ ...query, userId: actor.id }),
    /** Every account's events, or one account's (`userId`). */
    all: (_admin: Actor, query: AdminAuditQuery) => page(query),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
