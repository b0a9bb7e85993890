import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney, formatShortDate, localDate, rangeLabel, type BillingPeriod } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useGetBillingPeriodsQuery, useUndoBillingPeriodMutation } from '../../api/billingApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { runWithToasts } from '../../lib/feedback';
import { decimalHoursLabel } from '../../lib/format';

/** The periods billed before (the newest first page), of the chosen client or all, each with Undo. */
export function BilledPeriods({ clientId }: { clientId: string }) {
  const periods = useGetBillingPeriodsQuery(clientId ? { clientId } : {}).data?.items ?? [];
  const timeZone = useSignedInUser()?.timezone ?? 'UTC';
  const [undo, undoState] = useUndoBillingPeriodMutation();
  const [toUndo, setToUndo] = useState<BillingPeriod | null>(null);

  if (periods.length === 0) return null;
  const confirm = async () => {
    if (!toUndo) return;
    const done = await runWithToasts(() => undo(toUndo.id).unwrap(), { success: { title: 'Billing undone', description: 'Its time is unbilled again.' }, failure: 'Failed to undo billing' });
    if (done) setToUndo(null);
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Billed periods" sx={{ mt: 3, px: 2, py: 1.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Billed periods
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {periods.map((period) => (
          <Box
            component="li"
            key={period.id}
            data-testid="billed-period"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {period.clientName}, {rangeLabel(period)}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {decimalHoursLabel(period.hours)} · {formatMoney(period.amountMinor, period.currency)} · billed {formatShortDate(localDate(new Date(period.billedAt), timeZone))}
              </Typography>
            </Box>
            <Button size="small" onClick={() => setToUndo(period)} aria-label={`Undo billing of ${period.clientName}, ${rangeLabel(period)}`}>
              Undo
            </Button>
          </Box>
        ))}
      </Box>
      <ConfirmDialog
        open={toUndo !== null}
        title="Undo billing?"
        description={toUndo ? `${toUndo.clientName}, ${rangeLabel(toUndo)}: its time becomes unbilled again and can be edited.` : undefined}
        confirmLabel="Undo billing"
        busy={undoState.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setToUndo(null)}
      >
        {null}
      </ConfirmDialog>
    </Paper>
  );
}
