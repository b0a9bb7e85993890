import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import type { ApiToken } from '@daybook/shared';
import { useRevokeApiTokenMutation } from '../../api/integrationsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { runWithToasts } from '../../lib/feedback';
import { formatInstantDate } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { expiryLabel, isExpired, lastUsedLabel, SCOPE_LABELS } from './tokenLabels';

/** The user's tokens (newest first) with what they may do, when they were made and used, and Revoke. */
export function ApiTokenList({ tokens, timeZone }: { tokens: readonly ApiToken[]; timeZone: string }) {
  const now = useNow(60_000);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [revokeToken, revokeState] = useRevokeApiTokenMutation();

  if (tokens.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No tokens yet.
      </Typography>
    );
  }

  const confirmRevoke = async (token: ApiToken) => {
    await runWithToasts(() => revokeToken(token.id).unwrap(), { success: { title: 'Token revoked' }, failure: 'Failed to revoke token' });
    setRevoking(null);
  };

  return (
    <>
      <Box role="list" aria-label="API tokens" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {tokens.map((token) => (
          <TokenCard key={token.id} token={token} now={now} timeZone={timeZone} onRevoke={() => setRevoking(token)} />
        ))}
      </Box>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token?"
        description={revoking ? `Scripts using ${revoking.name} will stop working at once.` : undefined}
        confirmLabel="Revoke"
        busy={revokeState.isLoading}
        onConfirm={() => revoking && void confirmRevoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        {null}
      </ConfirmDialog>
    </>
  );
}

function TokenCard({ token, now, timeZone, onRevoke }: { token: ApiToken; now: Date; timeZone: string; onRevoke: () => void }) {
  const expired = isExpired(token.expiresAt, now);
  return (
    <Paper role="listitem" aria-label={token.name} variant="outlined" sx={{ p: 1.5, borderRadius: 2, display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
      <KeyIcon color={expired ? 'disabled' : 'action'} sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {token.name}
          </Typography>
          {expired && <Chip size="small" color="warning" label="Expired" />}
        </Box>
        <Typography variant="caption" color="textSecondary" component="p">
          {SCOPE_LABELS[token.scope]} ·{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {token.hint}
          </Box>
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          Created {formatInstantDate(token.createdAt, timeZone)} · Last used {lastUsedLabel(token.lastUsedAt, now, timeZone)} ·{' '}
          <Box component="span" sx={expired ? { color: 'warning.dark' } : undefined}>
            {expiryLabel(token.expiresAt, expired, timeZone)}
          </Box>
        </Typography>
      </Box>
      <Button size="small" color="error" onClick={onRevoke} aria-label={`Revoke ${token.name}`} sx={{ mt: -0.5, mr: -0.5, flexShrink: 0 }}>
        Revoke
      </Button>
    </Paper>
  );
}
