import { billingPeriodChoiceSchema, billingReportQuerySchema, type BillingPeriodChoice } from '@daybook/shared';
import type { BillingReportArgs } from '../../api/billingApi';

/** What the billing screen shows, kept in its address (`/billing?client=…&period=custom&from=…&to=…`) so it can be linked and reloaded. */
export interface BillingSelection {
  /** '' for all clients. */
  clientId: string;
  period: BillingPeriodChoice;
  /** The custom period's dates ('' until chosen). */
  from: string;
  to: string;
}

/** The selection in an address; anything unreadable falls back to all clients, this month. */
export function selectionFrom(params: URLSearchParams): BillingSelection {
  const period = billingPeriodChoiceSchema.safeParse(params.get('period'));
  return {
    clientId: params.get('client') ?? '',
    period: period.success ? period.data : 'this-month',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** The address's query for a selection: only what differs from the defaults, dates only for a custom period. */
export function selectionParams(selection: BillingSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.clientId) params.set('client', selection.clientId);
  if (selection.period !== 'this-month') params.set('period', selection.period);
  if (selection.period === 'custom') {
    if (selection.from) params.set('from', selection.from);
    if (selection.to) params.set('to', selection.to);
  }
  return params;
}

/** The report's arguments for a selection, or the shared schema's message when its custom dates do not make a period. */
export function reportArgs(selection: BillingSelection): { args: BillingReportArgs } | { error: string } {
  const custom = selection.period === 'custom';
  const query = { clientId: selection.clientId, period: selection.period, ...(custom ? { from: selection.from, to: selection.to } : {}) };
  const parsed = billingReportQuerySchema.safeParse(query);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Choose a period' };
  return {
    args: {
      ...(selection.clientId ? { clientId: selection.clientId } : {}),
      period: selection.period,
      ...(custom ? { from: selection.from, to: selection.to } : {}),
    },
  };
}

/** Hours as the screen shows them: '1.95 h'. */
