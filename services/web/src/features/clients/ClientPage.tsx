import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { formatDuration, formatMoney, formatTracked, REORDER_MAX, type Client, type ClientActivity, type Task, type User } from '@daybook/shared';
import { useGetClientBillingSummaryQuery } from '../../api/billingApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { searchResults, useSearchNotesInfiniteQuery } from '../../api/notesApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import { TaskScreen, type OpenTask } from '../../components/tasks/TaskScreen';
import { decimalHoursLabel, formatInstantDate } from '../../lib/format';
import { loadedItems } from '../../lib/pages';
import { reorderPayload, reorderWithinView } from '../../lib/reorder';
import { reportFailure } from '../../lib/feedback';
import { useGetClientOverviewQuery, useGetClientTasksInfiniteQuery, useReorderClientTasksMutation, type ClientTasksArg } from './clientPageApi';
import { lazyChunk } from '../../lib/lazyPreloadable';

const ClientDialog = lazyChunk(() => import('./ClientDialog'), { floating: true });

/** How the client's time is billed: 'Billable at $90.00 an hour' ('your default rate' when it has none of its own) or 'Not billable'. */
export function billingTerms(client: Client, summary: { rateMinor: number; rateIsDefault: boolean; currency: string } | undefined): string {
  if (!client.billable) return 'Not billable';
  if (!summary) return 'Billable';
  return `Billable at ${formatMoney(summary.rateMinor, summary.currency)} an hour${summary.rateIsDefault ? ' (your default rate)' : ''}`;
}

/** At most this many notes pages are shown; the notes screen has the rest. */
const NOTE_PAGES_SHOWN = 5;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

function Figure({ label, value, detail, link }: { label: string; value: string; detail?: string; link?: { to: string; label: string } }) {
  return (
    <Card variant="outlined" sx={{ p: 2, flex: '1 1 150px' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="textSecondary">
          {detail}
        </Typography>
      )}
      {link && (
        <Link component={RouterLink} to={link.to} variant="body2" sx={{ display: 'block', mt: 0.5 }}>
          {link.label}
        </Link>
      )}
    </Card>
  );
}

/** The client's tasks of one list, in pages; the open ones can be dragged into a new order. */
function ClientTasks({ arg, empty, sortable }: { arg: ClientTasksArg; empty: ReactNode; sortable: boolean }) {
  const pages = useGetClientTasksInfiniteQuery(arg);
  const tasks = useMemo(() => loadedItems(pages.data) ?? [], [pages.data]);
  const [reorder] = useReorderClientTasksMutation();

  const onReorder = async (visible: readonly Task[], from: number, to: number) => {
    const before = visible.map((task) => task.id);
    const taskIds = reorderPayload(before, reorderWithinView(before, before, from, to), REORDER_MAX);
    try {
      if (!taskIds) throw new Error('Too many tasks to reorder at once');
      await reorder({ arg, taskIds }).unwrap();
    } catch (error) {
      reportFailure(error, 'Failed to reorder tasks', { vibrate: true });
    }
  };

  if (pages.isLoading) return <SkeletonRows count={2} />;
  if (pages.isError && !pages.data) return <LoadError onRetry={() => void pages.refetch()} />;
  if (tasks.length === 0) return <>{empty}</>;
  return (
    <>
      <TaskList
        listId={`client-${arg.list}`}
        tasks={tasks}
        onReorder={sortable ? (from, to) => void onReorder(tasks, from, to) : undefined}
        footer={<LoadMoreRow paging={pages} label={`Loading more ${arg.list} tasks`} />}
      />
    </>
  );
}

function ClientNotes({ client }: { client: Client }) {
  const notes = useSearchNotesInfiniteQuery({ clientId: client.id });
  const pages = searchResults(notes.data?.pages);
  if (notes.isLoading) return <SkeletonRows count={1} />;
  if (notes.isError) return <LoadError onRetry={() => void notes.refetch()} />;
  if (pages.length === 0) return <Typography color="textSecondary">No notes tagged with {client.name} yet.</Typography>;
  return (
    <Stack spacing={1.5}>
      {pages.slice(0, NOTE_PAGES_SHOWN).map((page) => (
        <Card key={page.listId} variant="outlined" sx={{ p: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{page.listTitle}</Typography>
          {page.items.slice(0, 3).map((item) => (
            <Typography key={item.itemId} variant="body2" color="textSecondary" sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }}>
              {item.itemContent}
            </Typography>
          ))}
        </Card>
      ))}
    </Stack>
  );
}

/** One event of the activity list, in words. */
export function activityText(event: ClientActivity): string {
  const quoted = `“${event.title}”`;
  switch (event.kind) {
    case 'task-created':
      return `Added ${quoted}`;
    case 'task-completed':
      return `Completed ${quoted}`;
    case 'comment':
      return `Comment on ${quoted}: ${event.detail ?? ''}`;
    case 'time':
      return `Tracked ${formatTracked(Number(event.detail ?? 0))}${event.title ? ` on ${quoted}` : ''}`;
    case 'note':
      return `Note in ${quoted}: ${event.detail ?? ''}`;
    case 'contact-response':
      return `Contact answered on ${quoted}: ${event.detail ?? ''}`;
  }
}

function ClientPageBody({ client, user, openTask }: { client: Client; user: User; openTask: OpenTask }) {
  const overview = useGetClientOverviewQuery(client.id);
  const billing = useGetClientBillingSummaryQuery(client.id);
  const [editing, setEditing] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  const week = overview.data?.week;

  return (
    <ScreenShell
      title={client.name}
      actions={
        <Button
          color="inherit"
          startIcon={<EditIcon />}
          onClick={() => {
            setEditing((key) => key + 1);
            setDialogOpen(true);
          }}
        >
          Edit
        </Button>
      }
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Box data-testid="client-swatch" sx={{ width: 20, height: 20, borderRadius: '50%', bgcolor: client.color, border: 1, borderColor: 'rgba(0,0,0,0.12)' }} />
        <Typography color="textSecondary" data-testid="client-terms">
          {[client.aliases.length > 0 && `Also called ${client.aliases.join(', ')}`, billingTerms(client, billing.data)].filter(Boolean).join(' · ')}
        </Typography>
      </Stack>

      {overview.isError && !overview.data ? (
        <LoadError onRetry={() => void overview.refetch()} />
      ) : (
        <Stack direction="row" aria-label="Figures" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <Figure label="Open tasks" value={overview.data ? String(overview.data.openTasks) : '…'} />
          <Figure
            label="Unbilled"
            value={billing.data ? formatMoney(billing.data.unbilledAmountMinor, billing.data.currency) : '…'}
            detail={billing.data ? decimalHoursLabel(billing.data.unbilledHours) : undefined}
            link={{ to: `/billing?client=${client.id}`, label: 'Billing report' }}
          />
          <Figure
            label="This week"
            value={week ? `${formatTracked(week.trackedSeconds)} of ${formatDuration(week.estimatedMinutes)}` : '…'}
            detail={week ? `tracked of estimated, ${formatInstantDate(`${week.firstDate}T12:00:00Z`, 'UTC')} – ${formatInstantDate(`${week.lastDate}T12:00:00Z`, 'UTC')}` : undefined}
          />
        </Stack>
      )}

      <Section
        title="Open tasks"
        action={
          <Button size="small" startIcon={<AddIcon />} onClick={() => openTask(null, { clientId: client.id })}>
            New task
          </Button>
        }
      >
        <ClientTasks arg={{ clientId: client.id, list: 'open' }} sortable empty={<Typography color="textSecondary">No open tasks for {client.name}.</Typography>} />
      </Section>

      {user.enableDelegation && (
        <Section title="Delegated tasks">
          <ClientTasks arg={{ clientId: client.id, list: 'delegated' }} sortable={false} empty={<Typography color="textSecondary">Nothing delegated for {client.name}.</Typography>} />
        </Section>
      )}

      <Section
        title="Notes"
        action={
          <Link component={RouterLink} to="/notes" variant="body2">
            Open notes
          </Link>
        }
      >
        <ClientNotes client={client} />
      </Section>

      <Section title="Recent activity">
        {overview.data && overview.data.activity.length === 0 && <Typography color="textSecondary">Nothing yet.</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {overview.data?.activity.map((event) => (
            <Box component="li" key={`${event.kind}:${event.at}:${event.taskId ?? event.title}`} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {activityText(event)}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {formatInstantDate(event.at, user.timezone)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Suspense fallback={null}>{editing > 0 && <ClientDialog key={editing} open={dialogOpen} client={client} onClose={() => setDialogOpen(false)} />}</Suspense>
    </ScreenShell>
  );
}

/** `/clients/:id` (DECISIONS 32): everything about one client on one screen. */
export function ClientPage() {
  const { id } = useParams();
  const clients = useGetClientsQuery();
  const client = clients.data?.find((one) => one.id === id);

  return (
    <TaskScreen>
      {(openTask, user) => {
        if (clients.isLoading) return <ScreenShell title="Client"><SkeletonRows count={3} /></ScreenShell>;
        if (clients.isError && !clients.data) return <ScreenShell title="Client"><LoadError onRetry={() => void clients.refetch()} /></ScreenShell>;
        if (!client)
          return (
            <ScreenShell title="Client">
              <EmptyState title="Client not found" description="It may have been deleted." icon={<GroupsIcon />} />
              <Box sx={{ textAlign: 'center', mt: 2 }}>
                <Button component={RouterLink} to="/clients">
                  All clients
                </Button>
              </Box>
            </ScreenShell>
          );
        return <ClientPageBody client={client} user={user} openTask={openTask} />;
      }}
    </TaskScreen>
  );
}

export default ClientPage;
