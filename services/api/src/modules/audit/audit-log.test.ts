import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger';
import type { AppState } from '../../http/guards';
import { AUDIT_QUEUE_MAX, createAuditLog, inRequest } from './audit-log';
import type { AuditRepository, AuditWrite } from './audit.repository';

/** The write side of the audit log: best effort, bounded, never in the request's way (DECISIONS 48). */

const request = (ip = '203.0.113.7', state: AppState = {}) => ({ ip, get: (name: string) => (name === 'user-agent' ? 'curl/8.5.0' : ''), state });

function fakeRepository(write: (event: AuditWrite) => Promise<void>): AuditRepository {
  return { write, page: () => Promise.reject(new Error('unused')), prune: () => Promise.reject(new Error('unused')) };
}
const logger = () => ({ debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() }) satisfies Logger;
const em = {} as EntityManager;

describe('createAuditLog', () => {
  it('never throws nor waits for the write; a failing write is a log line', async () => {
    const log = logger();
    const audit = createAuditLog(em, log, fakeRepository(() => Promise.reject(new Error('database down'))));
    expect(() => audit.record({ type: 'export', userId: 'u1' }, request())).not.toThrow();
    await audit.settled();
    expect(log.warn).toHaveBeenCalledWith('audit events not recorded', expect.objectContaining({ failed: 1 }));
  });

  it('writes the request’s address (IPv4 as IPv4) and browser, and the admin as actor of an event about another account', async () => {
    const writes: AuditWrite[] = [];
    const audit = createAuditLog(em, logger(), fakeRepository(async (w) => void writes.push(w)));
    const admin = { id: 'admin-id', username: 'root', role: 'admin' as const, timezone: 'UTC', enableDelegation: false };
    audit.record({ type: 'admin_password_reset', userId: 'anna-id' }, request('::ffff:10.0.0.7', { actor: admin }));
    audit.record({ type: 'admin_settings_changed', details: { settings: 'x'.repeat(1000) } }, request('10.0.0.8', { actor: admin }));
    await audit.settled();
    expect(writes[0]).toMatchObject({ subject: { kind: 'user', userId: 'anna-id' }, actorId: 'admin-id', actorUsername: 'root', ip: '10.0.0.7', userAgent: 'curl/8.5.0' });
    expect(writes[1]).toMatchObject({ subject: { kind: 'user', userId: 'admin-id' }, actorId: null });
    expect(String(writes[1]!.details.settings)).toHaveLength(200);
  });

  it('records from code that does not see the request, with the request being answered', async () => {
    const writes: AuditWrite[] = [];
    const audit = createAuditLog(em, logger(), fakeRepository(async (w) => void writes.push(w)));
    await inRequest(request('198.51.100.4'), async () => {
      await Promise.resolve();
      audit.record({ type: 'passkey_added', userId: 'anna-id' });
    });
    await audit.settled();
    expect(writes[0]).toMatchObject({ type: 'passkey_added', ip: '198.51.100.4' });
  });

  it('counts a burst of the same failure into the write still waiting: one row, every attempt', async () => {
    const writes: AuditWrite[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const audit = createAuditLog(
      em,
      logger(),
      fakeRepository(async (w) => {
        await gate;
        writes.push({ ...w });
      }),
    );
    for (let i = 0; i < 500; i += 1) audit.signInFailed({ usernameTried: 'Anna' }, 'invalid_credentials', request());
    audit.signInFailed({ usernameTried: 'bruno' }, 'invalid_credentials', request());
    release();
    await audit.settled();
    // Two writers started on the first two attempts; the other 498 were counted into the waiting one.
    expect(writes.map((w) => w.count).reduce((a, b) => a + b, 0)).toBe(501);
    expect(writes.length).toBeLessThanOrEqual(3);
    expect(new Set(writes.map((w) => w.boundKey)).size).toBe(1);
  });

  it('drops what exceeds its queue, with a log line, instead of growing without bound', async () => {
    const log = logger();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written = 0;
    const audit = createAuditLog(
      em,
      log,
      fakeRepository(async () => {
        await gate;
        written += 1;
      }),
    );
    for (let i = 0; i < AUDIT_QUEUE_MAX + 50; i += 1) audit.record({ type: 'export', userId: `u${i}` }, request());
    release();
    await audit.settled();
    expect(written).toBe(AUDIT_QUEUE_MAX);
    expect(log.warn).toHaveBeenCalledWith('audit events not recorded', expect.objectContaining({ dropped: 1 }));
  });
});
