import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CreatedApiToken } from '@daybook/shared';
import { useGetApiTokensQuery } from '../../api/integrationsApi';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { ApiTokenList } from './ApiTokenList';
import { CopyField } from '../../components/CopyField';
import { CreateApiTokenForm } from './CreateApiTokenForm';
import { LoadFailed } from '../../components/settings/LoadFailed';
import { curlExample } from './tokenLabels';

/** The new token's secret, shown this once (the api keeps only its hash), with a first command to try. */
function NewTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Paper variant="outlined" role="region" aria-label="New token" sx={{ p: 1.5, borderRadius: 2, borderColor: 'success.main', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Copy your new token now
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {created.token.name} will not be shown again: keep it somewhere safe, such as a password manager.
        </Typography>
      </Box>
      <CopyField label="Token" value={created.secret} copied="Token copied" />
      <CopyField label="Example command" value={curlExample(created.secret, window.location.origin)} copied="Command copied" multiline />
      <Box>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * Settings, 'API tokens' (DECISIONS 30): tokens for the user's own scripts, sent as
 * `Authorization: Bearer`; listed with their use, created with a name, access and expiry, revoked.
 */
export function ApiTokensSection({ timeZone }: { timeZone: string }) {
  // Read afresh whenever the settings open: 'Last used' is what the list is for.
  const tokens = useGetApiTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <SettingsSection title="API tokens">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Let your own scripts and tools use Daybook: they send a token in the Authorization header. A read-only token cannot change anything.
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {tokens.data ? (
          <ApiTokenList tokens={tokens.data} timeZone={timeZone} />
        ) : tokens.isError ? (
          <LoadFailed what="API tokens" onRetry={() => void tokens.refetch()} />
        ) : (
          <Skeleton variant="rounded" height={72} aria-label="Loading API tokens" />
        )}
        {created ? <NewTokenPanel created={created} onDone={() => setCreated(null)} /> : <CreateApiTokenForm onCreated={setCreated} />}
      </Box>
    </SettingsSection>
  );
}
