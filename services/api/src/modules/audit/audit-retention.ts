import type { EntityManager } from '@mikro-orm/postgresql';
import { createAuditRepository, type AuditRetention } from './audit.repository';

/** The newest events kept per account, whatever their age: far above a year of a person's sign-ins and a script's hourly use. */
export const AUDIT_EVENTS_PER_USER = 5_000;
/** The newest events of no account kept (sign-ins with unknown usernames, accounts since deleted). */
export const AUDIT_EVENTS_UNATTRIBUTED = 20_000;

export const auditRetention = (days: number): AuditRetention => ({ days, perUser: AUDIT_EVENTS_PER_USER, unattributed: AUDIT_EVENTS_UNATTRIBUTED });

/** The periodic prune (main.ts, hourly): events older than AUDIT_RETENTION_DAYS, and each account's beyond its cap. */
export const pruneAuditLog = (em: EntityManager, days: number): Promise<number> => createAuditRepository(em).prune(auditRetention(days));
