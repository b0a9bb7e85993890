import Koa from 'koa';
import request from 'supertest';
import { bodyParser } from '@koa/bodyparser';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, unauthorized } from '../../core/errors';
import { auditScope, type AuditLog } from './audit-log';
import { auditTrail } from './audit-trail';

/** The routes the audit trail names (DECISIONS 48), on a bare app with a recorder that only notes what it is told. */

function appWith(route: (ctx: Koa.Context, audit: AuditLog) => void) {
  const calls: [string, unknown[]][] = [];
  const audit = new Proxy({} as AuditLog, { get: (_target, name: string) => (...args: unknown[]) => void calls.push([name, args]) });
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      ctx.status = error instanceof AppError ? error.status : 500;
    }
  });
  app.use(auditScope());
  app.use(bodyParser());
  app.use(async (ctx, next) => {
    ctx.state.actor = { id: 'admin-id', username: 'root', role: 'admin', timezone: 'UTC', enableDelegation: false };
    await next();
  });
  app.use(auditTrail(audit, {} as EntityManager));
  app.use((ctx) => route(ctx, audit));
  return { server: app.callback(), calls };
}

describe('auditTrail', () => {
  it('names an admin write it has no rule for by its route, ids left out', async () => {
    const { server, calls } = appWith((ctx) => (ctx.status = 204));
    await request(server).post('/api/admin/users/0b7e8a2c-3f5d-4c1e-9a6b-2d4f6e8a0c1e/unlock').send({});
    expect(calls).toEqual([['record', [{ type: 'admin_action', details: { method: 'POST', route: '/api/admin/users/:id/unlock' } }, expect.anything()]]]);
  });

  it('records nothing for a refused admin write (an admin route’s own event replaces the generic one: audit.int.test.ts)', async () => {
    const refused = appWith(() => {
      throw new AppError(403, 'forbidden', 'Admin access required');
    });
    await request(refused.server).post('/api/admin/users').send({});
    expect(refused.calls).toEqual([]);
  });

  it('records a refused sign-in with the username as the login reads it, and why; never the password', async () => {
    const { server, calls } = appWith(() => {
      throw unauthorized('Invalid username or password');
    });
    await request(server).post('/api/login').send({ username: ' ＡＮＮＡ ', password: 'guess-1234' });
    expect(calls).toEqual([['signInFailed', [{ usernameTried: 'ANNA' }, 'invalid_credentials', expect.anything()]]]);
    expect(JSON.stringify(calls.map(([name, args]) => [name, args.slice(0, 2)]))).not.toContain('guess-1234');
  });
});
