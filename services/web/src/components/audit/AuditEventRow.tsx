import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@daybook/shared';
import { AUDIT_EVENT_LABELS, auditDetail, instantLabel } from './auditLabels';

/**
 * One event of a log: what happened (and how often in its period), its facts, when, from where and with
 * what; whose account (`showAccount`, the admin's log) and who did it when that was someone else.
 */
export function AuditEventRow({ event, timeZone, showAccount = false }: { event: AuditEvent; timeZone: string; showAccount?: boolean }) {
  const detail = auditDetail(event);
  const failed = event.type === 'sign_in_failed';
  const when = event.count > 1 ? `${instantLabel(event.at, timeZone)} – ${instantLabel(event.lastAt, timeZone)}` : instantLabel(event.at, timeZone);
  return (
    <Box role="listitem" data-testid="audit-event" sx={{ py: 1, display: 'flex', flexDirection: 'column', gap: 0.25, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, color: failed ? 'error.main' : undefined }}>
          {AUDIT_EVENT_LABELS[event.type]}
        </Typography>
        {event.count > 1 && <Chip size="small" label={`×${event.count}`} aria-label={`${event.count} times`} />}
        {showAccount && (event.username || event.userId) && (
          <Typography variant="body2" color="textSecondary" data-testid="audit-account">
            {event.username ?? 'deleted account'}
            {event.userId === null && event.username ? ' (no account)' : ''}
          </Typography>
        )}
      </Box>
      {detail && (
        <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
          {detail}
        </Typography>
      )}
      <Typography variant="caption" color="textSecondary" component="p" sx={{ wordBreak: 'break-word' }}>
        {[when, event.address, event.device, event.actorUsername ? `by ${event.actorUsername}` : null].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}
