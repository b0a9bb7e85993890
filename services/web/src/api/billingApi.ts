import type {
  BillingPeriod,
  BillingPeriodCreateBody,
  BillingPeriodPage,
  BillingReport,
  BillingSettings,
  BillingSettingsInput,
  BillingSummary,
  OneClientBillingSummary,
} from '@daybook/shared';
import { baseApi } from './baseApi';

/** What a report or its CSV covers: one client or all, a preset period or custom dates. */
export interface BillingReportArgs {
  clientId?: string;
  period: string;
  from?: string;
  to?: string;
}

/** `clientId=…&period=…` for the report and the CSV (empty values left out). */
export function billingQuery(args: BillingReportArgs & { entries?: 'unbilled' | 'billable' }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) if (value) params.set(key, value);
  return params.toString();
}

/** The CSV's address, for an `<a download>`. */
export const billingCsvUrl = (args: BillingReportArgs) => `/api/billing/report.csv?${billingQuery(args)}`;

/**
 * Billing (DECISIONS 31): the user's currency and default rate, the report, billed periods and client
 * totals. Shared by the billing screen, the client dialog (its rate) and the clients list (its totals).
 * Reports and totals hang on the clients (their rates) and time entries too, and a billed period changes them all.
 */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBillingSettings: build.query<BillingSettings, void>({
      query: () => 'billing/settings',
      providesTags: [{ type: 'Billing', id: 'settings' }],
    }),
    saveBillingSettings: build.mutation<BillingSettings, BillingSettingsInput>({
      query: (body) => ({ url: 'billing/settings', method: 'PUT', body }),
      // Every amount and, with a new currency, every client rate may change.
      invalidatesTags: (_result, error) => (error ? [] : ['Billing', 'Client']),
    }),
    getBillingReport: build.query<BillingReport, BillingReportArgs>({
      query: (args) => `billing/report?${billingQuery(args)}`,
      providesTags: ['Billing', 'Client', 'TimeEntry'],
    }),
    getBillingPeriods: build.query<BillingPeriodPage, { clientId?: string }>({
      query: ({ clientId }) => (clientId ? `billing/periods?clientId=${clientId}` : 'billing/periods'),
      providesTags: ['Billing'],
    }),
    /** Billed entries can no longer be edited: time tracking's lists show it. */
    markBilled: build.mutation<BillingPeriod, BillingPeriodCreateBody>({
      query: (body) => ({ url: 'billing/periods', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Billing', 'TimeEntry']),
    }),
    undoBillingPeriod: build.mutation<void, string>({
      query: (id) => ({ url: `billing/periods/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Billing', 'TimeEntry']),
    }),
    /** Every client's unbilled total and this week's tracked time (the clients list). */
    getBillingSummary: build.query<BillingSummary, void>({
      query: () => 'billing/summary',
      providesTags: ['Billing', 'Client', 'TimeEntry'],
    }),
    /** One client's totals (the client page). */
    getClientBillingSummary: build.query<OneClientBillingSummary, string>({
      query: (clientId) => `billing/clients/${clientId}/summary`,
      providesTags: ['Billing', 'Client', 'TimeEntry'],
    }),
  }),
});

export const {
  useGetBillingSettingsQuery,
  useSaveBillingSettingsMutation,
  useGetBillingReportQuery,
  useGetBillingPeriodsQuery,
  useMarkBilledMutation,
  useUndoBillingPeriodMutation,
  useGetBillingSummaryQuery,
  useGetClientBillingSummaryQuery,
} = billingApi;
