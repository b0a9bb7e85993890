import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AppIcon from '@mui/icons-material/PhonelinkLockOutlined';
import PasskeyIcon from '@mui/icons-material/FingerprintOutlined';
import CodesIcon from '@mui/icons-material/PasswordOutlined';
import { RECOVERY_CODE_COUNT, type EnrolmentResult, type Passkey, type SecondFactorStatus, type TotpSetup } from '@daybook/shared';
import { serverMessage } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SettingsSection } from '../../../components/settings/SettingsSection';
import { LoadFailed } from '../../../components/settings/LoadFailed';
import { formatInstantDate } from '../../../lib/format';
import { toast, toastError } from '../../../lib/toast';
import { AddPasskeyForm } from './AddPasskeyForm';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import {
  useGetSecondFactorStatusQuery,
  useRemovePasskeyMutation,
  useRemoveTotpMutation,
  useRenewRecoveryCodesMutation,
  useStartTotpMutation,
} from './secondFactorApi';
import { TotpSetupPanel } from './TotpSetupPanel';
import { useCurrentPassword } from './useCurrentPassword';
import { passkeysSupported } from './webauthn';

/** A row of the section: an icon, what it is, a line about it, its action. */
function FactorRow({ icon, title, detail, label, action }: { icon: ReactNode; title: string; detail: string; label?: string; action?: ReactNode }) {
  return (
    <Paper role="listitem" aria-label={label ?? title} variant="outlined" sx={{ p: 1.5, borderRadius: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ color: 'action.active', display: 'flex' }}>{icon}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {title}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {detail}
        </Typography>
      </Box>
      {action}
    </Paper>
  );
}

type Removal = { kind: 'totp' } | { kind: 'passkey'; passkey: Passkey };

function Factors({ status, timeZone }: { status: SecondFactorStatus; timeZone: string }) {
  const [startTotp, starting] = useStartTotpMutation();
  const [removeTotp, removingTotp] = useRemoveTotpMutation();
  const [removePasskey, removingPasskey] = useRemovePasskeyMutation();
  const [renewCodes, renewing] = useRenewRecoveryCodesMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [confirmRenew, setConfirmRenew] = useState(false);
  // The dialogs' current password (re-authentication): a wrong one is said in its field and the dialog stays.
  const password = useCurrentPassword({ autoFocus: true });
  const on = status.totp !== null || status.passkeys.length > 0;
  const date = (iso: string) => formatInstantDate(iso, timeZone);

  const enrolled = (result: EnrolmentResult, what: string) => {
    setSetup(null);
    setCodes(result.recoveryCodes);
    toast({ title: `${what} added`, description: 'Signing in now asks for a second step.', variant: 'success' });
  };

  const beginTotp = async () => {
    try {
      setSetup(await startTotp().unwrap());
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to set up the authenticator app');
    }
  };

  const closeDialogs = () => {
    setRemoval(null);
    setConfirmRenew(false);
    password.reset();
  };
  /** A refusal: a wrong password in its field (the dialog stays open), anything else in a toast. */
  const refused = (error: unknown, fallback: string, title?: string) => {
    if (password.refused(error)) return;
    toastError(serverMessage(error) ?? fallback, title);
    closeDialogs();
  };

  const remove = async (target: Removal) => {
    const proof = password.proof();
    if (!proof) return;
    try {
      const after = target.kind === 'totp' ? await removeTotp(proof).unwrap() : await removePasskey({ id: target.passkey.id, ...proof }).unwrap();
      const off = after.totp === null && after.passkeys.length === 0;
      toast({ title: target.kind === 'totp' ? 'Authenticator app removed' : 'Passkey removed', description: off ? 'Two-step sign-in is off.' : undefined, variant: 'success' });
      closeDialogs();
    } catch (error) {
      refused(error, 'Please try again.', 'Not removed');
    }
  };

  const renew = async () => {
    const proof = password.proof();
    if (!proof) return;
    try {
      setCodes((await renewCodes(proof).unwrap()).recoveryCodes);
      closeDialogs();
    } catch (error) {
      refused(error, 'Failed to make new recovery codes');
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" color={on ? 'success' : 'default'} label={on ? 'On' : 'Off'} />
        <Typography variant="body2" color="textSecondary">
          {on ? 'Signing in with your password also asks for a code or a passkey.' : 'Your password alone signs you in.'}
        </Typography>
      </Box>
      {status.required && !on && (
        <Alert severity="warning" variant="outlined">
          Your admin requires two-step sign-in. Set it up now: you will need it the next time you sign in.
        </Alert>
      )}
      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      <Box role="list" aria-label="Second factors" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <FactorRow
          icon={<AppIcon />}
          title="Authenticator app"
          detail={status.totp ? `Added ${date(status.totp.createdAt)}` : 'Codes from an app on your phone'}
          action={
            status.totp ? (
              <Button size="small" color="error" onClick={() => setRemoval({ kind: 'totp' })} aria-label="Remove authenticator app">
                Remove
              </Button>
            ) : (
              !setup && (
                <Button size="small" variant="outlined" disabled={starting.isLoading} onClick={() => void beginTotp()}>
                  Set up
                </Button>
              )
            )
          }
        />
        {status.passkeys.map((passkey) => (
          <FactorRow
            key={passkey.id}
            icon={<PasskeyIcon />}
            title={passkey.name}
            label={`Passkey ${passkey.name}`}
            detail={`Passkey · added ${date(passkey.createdAt)} · ${passkey.lastUsedAt ? `last used ${date(passkey.lastUsedAt)}` : 'not used yet'}`}
            action={
              <Button size="small" color="error" onClick={() => setRemoval({ kind: 'passkey', passkey })} aria-label={`Remove passkey ${passkey.name}`}>
                Remove
              </Button>
            }
          />
        ))}
        {on && (
          <FactorRow
            icon={<CodesIcon />}
            title="Recovery codes"
            detail={`${status.recoveryCodesLeft} of ${RECOVERY_CODE_COUNT} left, each signs in once`}
            action={
              <Button size="small" variant="outlined" onClick={() => setConfirmRenew(true)}>
                New codes
              </Button>
            }
          />
        )}
      </Box>
      {setup && (
        <TotpSetupPanel setup={setup} needsPassword={on} onEnrolled={(result) => enrolled(result, 'Authenticator app')} onCancel={() => setSetup(null)} />
      )}
      {passkeysSupported() ? (
        <AddPasskeyForm needsPassword={on} onEnrolled={(result) => enrolled(result, 'Passkey')} />
      ) : (
        <Typography variant="caption" color="textSecondary">
          Passkeys need Daybook opened by its name over HTTPS (or on localhost) in a browser that supports them.
        </Typography>
      )}
      <ConfirmDialog
        open={removal !== null}
        title={removal?.kind === 'passkey' ? 'Remove passkey?' : 'Remove authenticator app?'}
        description={
          removal?.kind === 'passkey'
            ? `${removal.passkey.name} will no longer sign you in. Remove it from the device too, in its passkey settings.`
            : 'Its codes will no longer sign you in.'
        }
        confirmLabel="Remove"
        busy={removingTotp.isLoading || removingPasskey.isLoading}
        onConfirm={() => removal && void remove(removal)}
        onCancel={closeDialogs}
      >
        {password.field}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmRenew}
        title="Make new recovery codes?"
        description="Your current recovery codes will stop working at once."
        confirmLabel="Make new codes"
        busy={renewing.isLoading}
        onConfirm={() => void renew()}
        onCancel={closeDialogs}
      >
        {password.field}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * Settings, 'Two-step sign-in' (DECISIONS 47): an authenticator app and passkeys as a second step after
 * the password (a passkey also signs in without one), and recovery codes for a lost factor.
 */
export function TwoStepSection({ timeZone }: { timeZone: string }) {
  // Read afresh whenever the settings open: another device may have changed it.
  const status = useGetSecondFactorStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <SettingsSection title="Two-step sign-in">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Ask for a second step after your password: a code from an authenticator app, or a passkey (your fingerprint, face or a security key). A passkey
        can also sign you in without your password.
      </Typography>
      {status.data ? (
        status.data.passwordSignIn ? (
          <Factors status={status.data} timeZone={timeZone} />
        ) : (
          <Typography variant="body2">You sign in through single sign-on: your sign-in provider asks for a second factor.</Typography>
        )
      ) : status.isError ? (
        <LoadFailed what="Two-step sign-in" onRetry={() => void status.refetch()} />
      ) : (
        <Skeleton variant="rounded" height={72} aria-label="Loading two-step sign-in" />
      )}
    </SettingsSection>
  );
}

export default TwoStepSection;
