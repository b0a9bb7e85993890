import Koa, { type Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import session from 'koa-session';
import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Env } from './config/env';
import type { Logger } from './logger';
import { bearerTokens, viaApiToken } from './http/bearer-tokens';
import { csrfProtection } from './http/csrf';
import { errorHandler, onBodyParserError } from './http/error-handler';
import { createRateLimits } from './http/rate-limits';
import { aiEntries, heavyReads, userRequests } from './http/per-user-concurrency';
import { securityHeaders } from './http/security-headers';
import { createSessionStore } from './http/session-store';
import { signedInHint } from './http/signed-in-hint';
import { aiRoutes } from './modules/ai/ai.routes';
import { auditScope, createAuditLog } from './modules/audit/audit-log';
import { createAuditRepository } from './modules/audit/audit.repository';
import { adminAuditRoutes, auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { auditTrail } from './modules/audit/audit-trail';
import { secondFactorAudit } from './modules/audit/second-factor-audit';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes';
import { createApiTokensService } from './modules/api-tokens/api-tokens.service';
import { createAiService } from './modules/ai/ai.service';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { calendarFeedRoutes, calendarFeedSettingsRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { createCalendarFeedService } from './modules/calendar-feed/calendar-feed.service';
import { captureRoutes } from './modules/capture/capture.routes';
import { createCaptureService } from './modules/capture/capture.service';
import { authOptions, createAuthService } from './modules/auth/auth.service';
import { createEmailConfirmationsService } from './modules/users/email-confirmations.service';
import { oidcRoutes } from './modules/auth/oidc.routes';
import { createOidcService } from './modules/auth/oidc.service';
import { clientRoutes } from './modules/clients/clients.routes';
import { createClientsService } from './modules/clients/clients.service';
import { clientOverviewRoutes } from './modules/clients/client-overview.routes';
import { createClientOverviewService } from './modules/clients/client-overview.service';
import { contactRoutes } from './modules/contacts/contacts.routes';
import { createContactsService } from './modules/contacts/contacts.service';
import { dailyPlanRoutes } from './modules/daily-plan/daily-plan.routes';
import { createDailyPlanService } from './modules/daily-plan/daily-plan.service';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { dataTransferRoutes } from './modules/data-transfer/data-transfer.routes';
import { createExportService } from './modules/data-transfer/export.service';
import { startImports } from './modules/data-transfer/imports.service';
import { noteRoutes } from './modules/notes/notes.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOutboundDoor, openSecretBox, type SecretBox } from '@daybook/ai-worker';
import { createNotesService } from './modules/notes/notes.service';
import { secondFactorAdminRoutes, secondFactorRoutes, secondFactorSignInRoutes } from './modules/second-factor/second-factor.routes';
import { createSecondFactorService } from './modules/second-factor/second-factor.service';
import { createTaskCommentsService } from './modules/tasks/task-comments.service';
import { publicShareRoutes } from './modules/task-shares/public-shares.routes';
import { shareAnswersRoutes, taskShareRoutes } from './modules/task-shares/task-shares.routes';
import { createTaskSharesService } from './modules/task-shares/task-shares.service';
import { planningRoutes } from './modules/planning/planning.routes';
import { createPlanningService } from './modules/planning/planning.service';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { createTasksService } from './modules/tasks/tasks.service';
import { timeEntryRoutes } from './modules/time-entries/time-entries.routes';
import { createTimeEntriesService } from './modules/time-entries/time-entries.service';
import { timeIncrementRoutes } from './modules/time-increments/time-increments.routes';
import { createTimeIncrementsService } from './modules/time-increments/time-increments.service';
import { auditedSessions } from './modules/sessions/session-audit';
import { createSessionsRepository } from './modules/sessions/sessions.repository';
import { sessionRoutes } from './modules/sessions/sessions.routes';
import { createSessionsService } from './modules/sessions/sessions.service';
import { adminRoutes } from './modules/users/users.admin.routes';
import { userRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import type { JobRunner } from './jobs/job-runner';

export interface AppDeps {
  env: Env;
  orm: MikroORM;
  /** Null without REDIS_URL: limits are counted in this process, health does not ask for Redis. */
  redis: Redis | null;
  logger: Logger;
  sessionSecret: string;
  /** The current instant; tests pass a fixed clock. */
  clock?: () => Date;
  /** The job transport (main.ts creates and closes it: BullMQ or in-process); without it the AI route answers 503. */
  jobs?: JobRunner;
  /** The key channels' secrets are sealed with (DECISIONS 48): main.ts opens it; else SECRETS_KEY or DATA_DIR/secrets.key. */
  secrets?: SecretBox;
}

export const SESSION_COOKIE = 'daybook.sid';
/** JSON bodies above this size are refused with 413 (the largest legitimate body is a long note). */
export const JSON_BODY_LIMIT = '512kb';

/** Builds the Koa app; `main.ts` listens with it and tests drive it with supertest. */
export function createApp(deps: AppDeps): Koa {
  const { env, orm, redis, logger } = deps;
  const em = orm.em;
  const clock = deps.clock ?? (() => new Date());
  const app = new Koa({ proxy: env.TRUST_PROXY, keys: [deps.sessionSecret] });
  // Behind the bundled nginx, the last X-Forwarded-For entry is the one nginx saw.
  app.maxIpsCount = 1;
  app.silent = true;

  // Services: one per domain, each taking the root EntityManager (requests get their own context).
  // The audit log (DECISIONS 48): recorded after each answer, never in its way.
  const audit = createAuditLog(em, logger);
  const auditService = createAuditService(createAuditRepository(em));
  const users = createUsersService(em, { registrationEnabled: env.REGISTRATION_ENABLED });
  const emailConfirmations = createEmailConfirmationsService(em, users, env, logger);
  const auth = createAuthService(users, authOptions(env), emailConfirmations);
  // Secrets the server must use again (DECISIONS 48): channel tokens, authenticator apps' secrets.
  const secrets = deps.secrets ?? openSecretBox(env, { create: true });
  const secondFactor = createSecondFactorService(em, { secretBox: secrets, users, localSignIn: auth.localSignIn, clock, events: secondFactorAudit(audit) });
  const tasks = createTasksService(em, clock);
  const taskComments = createTaskCommentsService(em);
  const dailyPlan = createDailyPlanService(em, clock, tasks);
  const clients = createClientsService(em);
  const notifications = createNotificationsService(orm, em, deps.jobs ?? null, clock, {
    outbound: createOutboundDoor({ allow: env.OUTBOUND_ALLOW }),
    secrets,
  });
  const limits = createRateLimits(redis, env);
  const apiTokens = createApiTokensService(em);
  const calendarFeeds = createCalendarFeedService(em);
  const taskShares = createTaskSharesService(em, tasks, clock);
  // One gate for every expensive read: a user's searches and long lists share their rate and their few slots.
  const heavyReadSlots = heavyReads(redis);
  const heavyRead: Middleware = (ctx, next) => limits.heavyReads(ctx, () => heavyReadSlots(ctx, next));

  app.use(securityHeaders());
  app.use(errorHandler(logger));
  app.use((_ctx, next) => RequestContext.create(em, next));
  // Events a request records are written before it answers (at most a second later, never failing it).
  app.use(auditScope());
  // A request with an API token is signed in by it alone: no session cookie is read and no CSRF header needed (DECISIONS 30).
  app.use(bearerTokens(apiTokens, limits.apiTokenRequests));
  const sessionMaxAge = env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  // 'auto' leaves it to Koa: Secure exactly when the request came over HTTPS.
  const cookieSecure = env.COOKIE_SECURE === 'auto' ? {} : { secure: env.COOKIE_SECURE === 'true' };
  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: sessionMaxAge,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      ...cookieSecure,
      rolling: false,
      renew: true,
      store: createSessionStore(em, logger),
    },
    app,
  );
  const csrf = csrfProtection();
  // A shared task's link is its own key (DECISIONS 33): its routes read no session, so they need no CSRF header.
  const sharedLink = (path: string) => path.startsWith('/api/shares/');
  // Sign-ins and sign-outs are known once the session is saved: the audit log takes them from there.
  const sessionsAudited = auditedSessions(sessions, audit);
  app.use((ctx, next) => (viaApiToken(ctx.state) || sharedLink(ctx.path) ? next() : sessionsAudited(ctx, next)));
  const hint = signedInHint({ maxAge: sessionMaxAge, ...cookieSecure });
  app.use((ctx, next) => (viaApiToken(ctx.state) || sharedLink(ctx.path) ? next() : hint(ctx, next)));
  app.use((ctx, next) => (viaApiToken(ctx.state) || sharedLink(ctx.path) ? next() : csrf(ctx, next)));
  // No user's requests hold more than a few of the database pool's connections, whatever they wait for.
  // The assistant's calls have a narrower gate of their own (aiEntries) and hold none while the model works.
  const userGate = userRequests(redis);
  app.use((ctx, next) => (ctx.path.startsWith('/api/ai/') ? next() : userGate(ctx, next)));
  // DELETE too: removing a second factor carries the current password (modules/second-factor).
  const parsedMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];
  app.use(bodyParser({ enableTypes: ['json'], parsedMethods, jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8', onError: onBodyParserError }));
  app.use(auditTrail(audit, em));

  const routers = [
    healthRoutes(createHealthService(em, redis)),
    authRoutes(auth, limits, secondFactor, clock),
    secondFactorSignInRoutes(secondFactor, limits, env, clock),
    secondFactorRoutes(secondFactor, limits, env, clock),
    oidcRoutes(createOidcService(em, users, env), auth, secondFactor, limits, env, logger),
    userRoutes(users, emailConfirmations, limits, async (actor) => {
      await tasks.rescheduleReminders(actor);
      await notifications.rescheduleDigest(actor);
    }),
    adminRoutes(users),
    secondFactorAdminRoutes(secondFactor),
    sessionRoutes(createSessionsService(createSessionsRepository(em)), audit),
    auditRoutes(auditService),
    adminAuditRoutes(auditService),
    tasksRoutes(tasks, taskComments, dailyPlan, heavyRead, limits.taskBatches),
    timeEntryRoutes(createTimeEntriesService(em), heavyRead),
    planningRoutes(createPlanningService(em, tasks), heavyRead, limits.taskBatches),
    dailyPlanRoutes(dailyPlan),
    clientRoutes(clients),
    clientOverviewRoutes(createClientOverviewService(em, clock)),
    billingRoutes(createBillingService(em, clock), heavyRead),
    contactRoutes(createContactsService(em)),
    timeIncrementRoutes(createTimeIncrementsService(em)),
    noteRoutes(createNotesService(em), heavyRead),
    aiRoutes(createAiService(em, deps.jobs ?? null, clock), limits, aiEntries(redis)),
    captureRoutes(createCaptureService(em, clients, { modelReview: env.AI_PROVIDER !== 'rules' })),
    notificationRoutes(notifications, limits.channelTests),
    dataTransferRoutes(createExportService(em), startImports(em, { logger, clock }), heavyRead, limits.imports),
    apiTokenRoutes(apiTokens),
    calendarFeedSettingsRoutes(calendarFeeds),
    calendarFeedRoutes(calendarFeeds, limits),
    taskShareRoutes(taskShares),
    shareAnswersRoutes(taskShares),
    publicShareRoutes(taskShares, limits),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
