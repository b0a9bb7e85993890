import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { idProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

/**
 * The audit log (DECISIONS 48), Migration20261207150000: one row per event, or per period for an event that
 * may repeat quickly (`boundKey`, counted). Written by modules/audit/audit-log.ts, never on a request's path.
 */
export const AuditEventEntity = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: idProperty().defaultRaw('gen_random_uuid()'),
    type: p.string().length(40),
    /** The account the event concerns; null for an unknown username, or once the account is deleted. */
    user: () => p.manyToOne(UserEntity).ref().nullable().deleteRule('set null'),
    username: p.string().length(64).nullable(),
    /** Who did it, when someone else (an admin). */
    actor: () => p.manyToOne(UserEntity).ref().nullable().deleteRule('set null').index('audit_events_actor_idx'),
    actorUsername: p.string().length(64).nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    details: p.json<Record<string, string | number | boolean | null>>().default('{}'),
    count: p.integer().default(1),
    /** Unique while set (a partial index): the event's kind, subject and period. */
    boundKey: p.string().length(200).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    lastAt: p.datetime().defaultRaw('now()'),
  },
  // Newest first: one account's log, everyone's, and everyone's of one kind.
  indexes: [
    { name: 'audit_events_user_idx', expression: 'create index "audit_events_user_idx" on "audit_events" ("user_id", "created_at" desc, "id" desc)' },
    { name: 'audit_events_created_idx', expression: 'create index "audit_events_created_idx" on "audit_events" ("created_at" desc, "id" desc)' },
    { name: 'audit_events_type_idx', expression: 'create index "audit_events_type_idx" on "audit_events" ("type", "created_at" desc, "id" desc)' },
  ],
  uniques: [
    {
      name: 'audit_events_bound_key_unique',
      expression: 'create unique index "audit_events_bound_key_unique" on "audit_events" ("bound_key") where "bound_key" is not null',
    },
  ],
});
export type AuditEvent = InferEntity<typeof AuditEventEntity>;
