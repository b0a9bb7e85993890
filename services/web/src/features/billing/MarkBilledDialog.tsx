import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatMoney, rangeLabel, type BillingReport, type Client } from '@daybook/shared';
import { useMarkBilledMutation } from '../../api/billingApi';
import { ResponsiveModal } from '../../components/ResponsiveModal';
import { runWithToasts } from '../../lib/feedback';
import { decimalHoursLabel } from '../../lib/format';

/**
 * "Mark as billed?" for the client and dates on screen: records the period and stamps its unbilled time
 * (DECISIONS 31). Billed time can no longer be edited; the period can be undone from the list.
 */
export function MarkBilledDialog({ open, onClose, client, report }: { open: boolean; onClose: () => void; client: Client; report: BillingReport }) {
  const [markBilled, state] = useMarkBilledMutation();
  const { totals, currency } = report;

  const confirm = async () => {
    const done = await runWithToasts(() => markBilled({ clientId: client.id, from: report.from, to: report.to }).unwrap(), {
      success: { title: 'Marked as billed', description: `${client.name}: ${decimalHoursLabel(totals.unbilledHours)}, ${formatMoney(totals.unbilledAmountMinor, currency)}` },
      failure: 'Failed to mark as billed',
    });
    if (done) onClose();
  };

  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      title="Mark as billed?"
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" disabled={state.isLoading} onClick={() => void confirm()}>
            Mark as billed
          </Button>
        </>
      }
    >
      <Typography>
        {client.name}’s unbilled time from {rangeLabel(report)}, <strong>{decimalHoursLabel(totals.unbilledHours)}</strong> for{' '}
        <strong>{formatMoney(totals.unbilledAmountMinor, currency)}</strong>, will be recorded as billed.
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
        Billed time is left out of the next unbilled totals and can no longer be edited. You can undo it from the billed periods below.
      </Typography>
    </ResponsiveModal>
  );
}
