import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import BilledIcon from '@mui/icons-material/TaskAltOutlined';
import {
  BILLING_PERIOD_LABELS,
  billingPeriodChoiceSchema,
  formatMoney,
  formatShortDate,
  rangeLabel,
  type BillingFigures,
  type BillingPeriodChoice,
  type BillingReport,
  type BillingReportDay,
  type BillingReportTask,
} from '@daybook/shared';
import { billingCsvUrl, useGetBillingReportQuery } from '../../api/billingApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { NativeSelectField } from '../../components/NativeSelectField';
import { ScreenShell } from '../../components/ScreenShell';
import { BilledPeriods } from './BilledPeriods';
import { FiguresTable, type FiguresColumn } from './FiguresTable';
import { MarkBilledDialog } from './MarkBilledDialog';
import { decimalHoursLabel } from '../../lib/format';
import { reportArgs, selectionFrom, selectionParams, type BillingSelection } from './billingSelection';

const PERIOD_CHOICES = billingPeriodChoiceSchema.options;
/** The first cell of a table's totals row. */
const TOTAL = 'Total';

/** The figure columns every table shares, after its own first column. */
function figureColumns<Row extends BillingFigures>(currency: string): FiguresColumn<Row>[] {
  return [
    { label: 'Tracked', value: (row) => decimalHoursLabel(row.trackedHours), numeric: true },
    { label: 'Billable', value: (row) => decimalHoursLabel(row.billableHours), numeric: true },
    { label: 'Billable amount', value: (row) => formatMoney(row.billableAmountMinor, currency), numeric: true },
    { label: 'Unbilled', value: (row) => decimalHoursLabel(row.unbilledHours), numeric: true },
    { label: 'Unbilled amount', value: (row) => formatMoney(row.unbilledAmountMinor, currency), numeric: true },
  ];
}

/** One of the three totals: hours, and the amount where there is one. */
function Total({ label, hours, amount, testId }: { label: string; hours: number; amount?: string; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ flex: 1, minWidth: 0, p: { xs: 1.25, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography data-testid={`${testId}-hours`} sx={{ fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.4rem' } }}>
        {decimalHoursLabel(hours)}
      </Typography>
      {amount !== undefined && (
        <Typography data-testid={`${testId}-amount`} sx={{ fontWeight: 600, fontSize: { xs: '0.9rem', sm: '1.1rem' } }} color="textSecondary">
          {amount}
        </Typography>
      )}
    </Box>
  );
}

function ReportBody({ report, oneClient }: { report: BillingReport; oneClient: boolean }) {
  const { currency, totals } = report;
  const taskColumns: FiguresColumn<BillingReportTask>[] = [
    { label: 'Task', value: (row) => row.taskTitle ?? (row.taskId ? 'Deleted task' : 'No task') },
    ...(oneClient ? [] : [{ label: 'Client', value: (row: BillingReportTask) => row.clientName }]),
    ...figureColumns<BillingReportTask>(currency),
  ];
  const dayColumns: FiguresColumn<BillingReportDay>[] = [
    { label: 'Day', value: (row) => (row.date === TOTAL ? TOTAL : formatShortDate(row.date)) },
    ...figureColumns<BillingReportDay>(currency),
  ];
  return (
    <>
      <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ mt: 2 }}>
        <Total label="Tracked" hours={totals.trackedHours} testId="billing-tracked" />
        <Total label="Billable" hours={totals.billableHours} amount={formatMoney(totals.billableAmountMinor, currency)} testId="billing-billable" />
        <Total label="Unbilled" hours={totals.unbilledHours} amount={formatMoney(totals.unbilledAmountMinor, currency)} testId="billing-unbilled" />
      </Stack>
      {report.runningEntries > 0 && (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          {report.runningEntries === 1 ? 'A timer is running' : `${report.runningEntries} timers are running`} in this period: its time counts once it stops.
        </Alert>
      )}
      {report.tasks.length === 0 ? (
        <Typography color="textSecondary" role="status" sx={{ mt: 3, textAlign: 'center' }}>
          No time tracked in this period.
        </Typography>
      ) : (
        <>
          <FiguresTable
            title="By task"
            testId="billing-by-task"
            columns={taskColumns}
            rows={report.tasks}
            rowKey={(row) => `${row.clientId} ${row.taskId ?? ''}`}
            footer={{ clientId: '', clientName: '', taskId: null, taskTitle: TOTAL, rateMinor: 0, ...totals }}
          />
          <FiguresTable
            title="By day"
            testId="billing-by-day"
            columns={dayColumns}
            rows={report.days}
            rowKey={(row) => row.date}
            footer={{ date: TOTAL, ...totals }}
          />
        </>
      )}
    </>
  );
}

/**
 * Billing (DECISIONS 31): for one client or all and a period, the tracked, billable and unbilled hours
 * and amounts, by task and by day; the CSV for an invoice; "Mark as billed"; the periods billed before.
 * What it shows lives in the address (`/billing?client=…&period=…`), so the clients list links to it.
 */
export function BillingPage() {
  const [params, setParams] = useSearchParams();
  const selection = selectionFrom(params);
  const clients = useGetClientsQuery().data ?? [];
  const chosen = reportArgs(selection);
  const report = useGetBillingReportQuery('args' in chosen ? chosen.args : { period: 'this-month' }, { skip: !('args' in chosen) });
  const [confirming, setConfirming] = useState(false);
  const data = report.data;
  const client = clients.find((c) => c.id === selection.clientId) ?? null;

  const select = (change: Partial<BillingSelection>) => {
    const next = { ...selection, ...change };
    // A custom period starts from the dates on screen.
    if (change.period === 'custom' && data && !next.from && !next.to) Object.assign(next, { from: data.from, to: data.to });
    setParams(selectionParams(next), { replace: true });
  };
  // The CSV and "mark as billed" cover exactly the dates shown.
  const shown = data ? { ...(selection.clientId ? { clientId: selection.clientId } : {}), period: 'custom', from: data.from, to: data.to } : null;

  return (
    <ScreenShell title="Billing" maxWidth="lg">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }} useFlexGap>
        <NativeSelectField label="Client" value={selection.clientId} onChange={(clientId) => select({ clientId })} style={{ minWidth: 200 }}>
          <option value="">All clients</option>
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField label="Period" value={selection.period} onChange={(period) => select({ period: period as BillingPeriodChoice })} style={{ minWidth: 170 }}>
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {BILLING_PERIOD_LABELS[choice]}
            </option>
          ))}
        </NativeSelectField>
        {selection.period === 'custom' && (
          <Stack direction="row" spacing={1.5}>
            <TextField size="small" type="date" label="From" value={selection.from} onChange={(event) => select({ from: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField
              size="small"
              type="date"
              label="To"
              value={selection.to}
              onChange={(event) => select({ to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={'error' in chosen}
              helperText={'error' in chosen ? chosen.error : undefined}
            />
          </Stack>
        )}
      </Stack>

      {data && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 }}>
          <Typography data-testid="billing-range" sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
            {client ? `${client.name}, ` : ''}
            {rangeLabel(data)}
          </Typography>
          <Button variant="outlined" startIcon={<DownloadIcon />} component="a" href={billingCsvUrl(shown!)} download>
            Download CSV
          </Button>
          {client && (
            <Button variant="contained" startIcon={<BilledIcon />} disabled={data.totals.unbilledSeconds === 0} onClick={() => setConfirming(true)}>
              Mark as billed
            </Button>
          )}
        </Box>
      )}
      {!client && data && data.totals.unbilledSeconds > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Choose a client to mark its time as billed.
        </Typography>
      )}

      {report.isError && !data ? (
        <Alert severity="warning" variant="outlined" sx={{ mt: 2 }} action={<Button color="inherit" size="small" onClick={() => void report.refetch()}>Try again</Button>}>
          The report could not be loaded. Check your connection and try again.
        </Alert>
      ) : !data ? (
        'args' in chosen && <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} aria-label="Loading report" />
      ) : (
        <ReportBody report={data} oneClient={Boolean(client)} />
      )}

      <BilledPeriods clientId={selection.clientId} />
      {client && data && (
        <MarkBilledDialog open={confirming} onClose={() => setConfirming(false)} client={client} report={data} />
      )}
    </ScreenShell>
  );
}

export default BillingPage;
