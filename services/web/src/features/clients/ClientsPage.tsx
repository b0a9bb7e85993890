import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import BillingIcon from '@mui/icons-material/RequestQuoteOutlined';
import { formatMoney, type Client, type ClientBillingSummary } from '@daybook/shared';
import { serverMessage } from '../../api/apiError';
import { useGetBillingSummaryQuery } from '../../api/billingApi';
import { useDeleteClientMutation, useGetClientsQuery, useReorderClientsMutation } from '../../api/clientsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { NewButton } from '../../components/NewButton';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { SortableList } from '../../components/SortableList';
import { decimalHoursLabel } from '../../lib/format';
import { moveItem } from '../../lib/reorder';
import { toast, toastError } from '../../lib/toast';
import { lazyChunk } from '../../lib/lazyPreloadable';

const ClientDialog = lazyChunk(() => import('./ClientDialog'), { floating: true });

/** 'Unbilled $166.73 · 1.95 h', linking to the client's billing report; nothing when all is billed. */
function UnbilledLine({ summary, currency }: { summary: ClientBillingSummary | undefined; currency: string }) {
  if (!summary || summary.unbilledSeconds === 0) return null;
  return (
    <Link
      component={RouterLink}
      to={`/billing?client=${summary.clientId}`}
      data-testid="client-unbilled"
      variant="caption"
      sx={{ display: 'block', fontWeight: 600 }}
    >
      Unbilled {formatMoney(summary.unbilledAmountMinor, currency)} · {decimalHoursLabel(summary.unbilledHours)}
    </Link>
  );
}

/** Client Management (spec §2): the clients in drag order, New, edit and delete; each one's unbilled total (DECISIONS 31). */
export function ClientsPage() {
  const clients = useGetClientsQuery();
  const billing = useGetBillingSummaryQuery().data;
  const summaries = new Map(billing?.clients.map((summary) => [summary.clientId, summary]));
  const [reorder] = useReorderClientsMutation();
  const [deleteClient, deleting] = useDeleteClientMutation();
  const [dialog, setDialog] = useState<{ open: boolean; client: Client | null; key: number }>({ open: false, client: null, key: 0 });
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const list = clients.data ?? [];

  const open = (client: Client | null) => setDialog((current) => ({ open: true, client, key: current.key + 1 }));

  const onMove = async (from: number, to: number) => {
    const ids = moveItem(list, from, to).map((client) => client.id);
    try {
      await reorder(ids).unwrap();
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to reorder clients', 'Failed to reorder clients');
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteClient(toDelete.id).unwrap();
      toast({ title: 'Client deleted successfully', variant: 'success' });
      setToDelete(null);
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to delete client', 'Failed to delete client');
    }
  };

  let body;
  if (clients.isLoading) body = <SkeletonRows count={3} />;
  else if (clients.isError) body = <LoadError onRetry={() => void clients.refetch()} />;
  else if (list.length === 0) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <EmptyState title="No clients yet" description="Add the people and companies you work for, to tag and filter your tasks." icon={<GroupsIcon />} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
          Add Your First Client
        </Button>
      </Stack>
    );
  } else {
    body = (
      <SortableList
        listId="clients"
        items={list}
        onMove={(from, to) => void onMove(from, to)}
        itemLabel={(client) => client.name}
        testId="client-list"
        itemTestId="client-row"
        itemGap={10}
      >
        {(client, _index, dragging) => (
          <Card sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, boxShadow: dragging ? 6 : undefined }}>
            <DragIndicatorIcon color="action" fontSize="small" />
            <Box data-testid="client-swatch" data-color={client.color} sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: client.color, border: 1, borderColor: 'rgba(0,0,0,0.12)', flexShrink: 0 }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={`/clients/${client.id}`} data-testid="client-name" color="inherit" underline="hover" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {client.name}
              </Link>
              {client.aliases.length > 0 && (
                <Typography data-testid="client-aliases" variant="caption" color="textSecondary" sx={{ display: 'block', wordBreak: 'break-word' }}>
                  Also called {client.aliases.join(', ')}
                </Typography>
              )}
              {billing && <UnbilledLine summary={summaries.get(client.id)} currency={billing.currency} />}
            </Box>
            <IconButton aria-label={`Edit ${client.name}`} onClick={() => open(client)}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={`Delete ${client.name}`} onClick={() => setToDelete(client)} sx={{ color: 'error.main' }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Card>
        )}
      </SortableList>
    );
  }

  return (
    <ScreenShell
      title="Client Management"
      actions={<NewButton onClick={() => open(null)} />}
    >
      {list.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5, mb: 2 }}>
          <Typography color="textSecondary">Drag clients to set the order they appear in everywhere.</Typography>
          <Button component={RouterLink} to="/billing" size="small" startIcon={<BillingIcon />}>
            Billing report
          </Button>
        </Box>
      )}
      {body}
      <Suspense fallback={null}>
        {dialog.key > 0 && <ClientDialog key={dialog.key} open={dialog.open} client={dialog.client} onClose={() => setDialog((current) => ({ ...current, open: false }))} />}
      </Suspense>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete client?"
        description={toDelete ? `${toDelete.name} will be removed from all of its tasks.` : undefined}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography>This cannot be undone.</Typography>
      </ConfirmDialog>
    </ScreenShell>
  );
}

export default ClientsPage;
