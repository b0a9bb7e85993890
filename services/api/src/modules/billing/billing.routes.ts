import type { Middleware } from 'koa';
import type Router from '@koa/router';
import {
  billingCsvQuerySchema,
  billingPeriodCreateBodySchema,
  billingPeriodListQuerySchema,
  billingReportQuerySchema,
  billingSettingsSchema,
  idParamsSchema,
} from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import { writeCsvRows } from '../data-transfer/csv';
import type { BillingService } from './billing.service';

/** `daybook-billing-acme-2026-03-01-2026-03-31.csv`: the client's name in letters and digits only. */
function csvFileName(clientName: string | null, from: string, to: string): string {
  const slug = (clientName ?? 'all-clients')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `daybook-billing-${slug || 'client'}-${from}-${to}.csv`;
}

/**
 * Billing (DECISIONS 31): settings, the report and its CSV (heavy reads: rate limited with the user's
 * other heavy reads), billed periods, and client totals.
 */
export function billingRoutes(billing: BillingService, heavyRead: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api/billing');

  router.get('/settings', async (ctx) => {
    ctx.body = await billing.settings(ctx.state.actor);
  });
  router.put('/settings', async (ctx) => {
    ctx.body = await billing.saveSettings(ctx.state.actor, parseBody(ctx, billingSettingsSchema));
  });

  router.get('/report', heavyRead, async (ctx) => {
    ctx.body = await billing.report(ctx.state.actor, parseQuery(ctx, billingReportQuerySchema));
  });
  router.get('/report.csv', heavyRead, async (ctx) => {
    const { rows, range, client } = await billing.csv(ctx.state.actor, parseQuery(ctx, billingCsvQuerySchema));
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(csvFileName(client?.name ?? null, range.from, range.to));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = writeCsvRows(rows);
  });

  router.get('/periods', async (ctx) => {
    ctx.body = await billing.periods(ctx.state.actor, parseQuery(ctx, billingPeriodListQuerySchema));
  });
  router.post('/periods', async (ctx) => {
    ctx.status = 201;
    ctx.body = await billing.markBilled(ctx.state.actor, parseBody(ctx, billingPeriodCreateBodySchema));
  });
  router.delete('/periods/:id', async (ctx) => {
    await billing.undoPeriod(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
    ctx.status = 204;
  });

  router.get('/summary', async (ctx) => {
    ctx.body = await billing.summary(ctx.state.actor);
  });
  router.get('/clients/:id/summary', async (ctx) => {
    ctx.body = await billing.clientSummary(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
  });

  return router;
}
