import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import { useLazyGetPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from '../../../api/notificationsApi';
import { isApiError } from '../../../api/apiError';
import { reportFailure } from '../../../lib/feedback';
import { base64UrlToBytes, currentPushSubscription, deviceName, pushRegistration, pushSupport, subscriptionBody } from '../../../lib/push';
import { toast, toastError } from '../../../lib/toast';

const UNSUPPORTED_TEXT = {
  insecure: 'Push needs a secure (https) address. Open Daybook over https to use it here, or add ntfy, email or a webhook below.',
  unsupported: 'This browser cannot receive push notifications. On iPhone or iPad, add Daybook to the Home Screen and open it from there. Or add ntfy, email or a webhook below.',
} as const;
const BLOCKED_TEXT = 'Notifications are blocked for Daybook in this browser. Allow them in the site settings, then try again.';
const NO_WORKER_TEXT = 'Push needs the installed app’s service worker, which is not running here. Reload the page and try again.';

/** Whether this browser holds a push subscription: unknown until asked. */
type DeviceState = 'unknown' | 'on' | 'off';

/**
 * 'This device': turns Web Push on or off for this browser. Permission is asked only when the user
 * clicks; where push cannot work (plain http, no support, blocked) the button gives way to the reason.
 */
export function PushDeviceControl() {
  const support = pushSupport();
  const [permission, setPermission] = useState<NotificationPermission>(() => (support === 'supported' ? Notification.permission : 'default'));
  const [device, setDevice] = useState<DeviceState>('unknown');
  const [busy, setBusy] = useState(false);
  const [getPushKey] = useLazyGetPushKeyQuery();
  const [subscribePush] = useSubscribePushMutation();
  const [unsubscribePush] = useUnsubscribePushMutation();

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentPushSubscription()
      .then((subscription) => live && setDevice(subscription ? 'on' : 'off'))
      .catch(() => live && setDevice('off'));
    return () => {
      live = false;
    };
  }, [support]);

  if (support !== 'supported') {
    return (
      <Alert severity="info" variant="outlined">
        {UNSUPPORTED_TEXT[support]}
      </Alert>
    );
  }

  const enable = async () => {
    setBusy(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      const registration = await pushRegistration();
      if (!registration) {
        toastError(NO_WORKER_TEXT, 'Push is not available');
        return;
      }
      const { publicKey } = await getPushKey().unwrap();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
      try {
        await subscribePush({ ...subscriptionBody(subscription), name: deviceName(navigator.userAgent) }).unwrap();
      } catch (error) {
        await subscription.unsubscribe().catch(() => undefined); // the api does not know it: no half-on state
        throw error;
      }
      setDevice('on');
      toast({ title: 'Push is on for this device', variant: 'success' });
    } catch (error) {
      // The browser's own refusals (no push service, a key it rejects) say why; the api's follow the policy.
      if (error instanceof Error && !isApiError(error)) toastError(error.message, 'Failed to turn on push');
      else reportFailure(error, 'Failed to turn on push', { vibrate: true, showReason: true });
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      const subscription = await currentPushSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        await unsubscribePush({ endpoint }).unwrap();
      }
      setDevice('off');
      toast({ title: 'Push is off for this device', variant: 'success' });
    } catch (error) {
      reportFailure(error, 'Failed to turn off push', { vibrate: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <PhoneIcon color="action" />
        <Typography variant="body2" sx={{ flex: '1 1 180px' }}>
          {device === 'on' ? 'Push notifications are on for this device.' : 'Get reminders as notifications on this device.'}
        </Typography>
        {device === 'on' ? (
          <Button variant="outlined" onClick={() => void disable()} disabled={busy}>
            Disable push on this device
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void enable()} disabled={busy || device === 'unknown' || permission === 'denied'}>
            Enable push on this device
          </Button>
        )}
      </Box>
      {permission === 'denied' && device !== 'on' && (
        <Alert severity="warning" variant="outlined">
          {BLOCKED_TEXT}
        </Alert>
      )}
    </Box>
  );
}
