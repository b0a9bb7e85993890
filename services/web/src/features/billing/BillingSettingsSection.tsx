import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { billingSettingsSchema, currencyCodes, parseMoney, type BillingSettings } from '@daybook/shared';
import { useGetBillingSettingsQuery, useSaveBillingSettingsMutation } from '../../api/billingApi';
import { MoneyField, moneyText, moneyTextError } from '../../components/MoneyField';
import { NativeSelectField } from '../../components/NativeSelectField';
import { LoadFailed } from '../../components/settings/LoadFailed';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';

const currencyNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'currency' }) : null;
/** 'USD, US Dollar' */
const currencyLabel = (code: string) => {
  const name = currencyNames?.of(code);
  return name && name !== code ? `${code}, ${name}` : code;
};

function BillingSettingsForm({ saved }: { saved: BillingSettings }) {
  const [currency, setCurrency] = useState(saved.currency);
  const [rateText, setRateText] = useState(moneyText(saved.defaultHourlyRateMinor, saved.currency));
  const [error, setError] = useState<string | null>(null);
  const [save, state] = useSaveBillingSettingsMutation();
  const codes = currencyCodes();

  const submit = async () => {
    const typed = moneyTextError(rateText, currency);
    const parsed = billingSettingsSchema.safeParse({ currency, defaultHourlyRateMinor: rateText.trim() === '' ? 0 : parseMoney(rateText, currency) });
    const message = typed ?? (parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the rate'));
    setError(message);
    if (message || !parsed.success) return;
    await runWithToasts(() => save(parsed.data).unwrap(), { success: { title: 'Billing settings saved' }, failure: 'Failed to save billing settings' });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <NativeSelectField label="Currency" value={currency} onChange={setCurrency} className="db-currency-field">
        {(codes.includes(currency) ? codes : [currency, ...codes]).map((code) => (
          <option key={code} value={code}>
            {currencyLabel(code)}
          </option>
        ))}
      </NativeSelectField>
      <MoneyField
        label="Default hourly rate"
        currency={currency}
        value={rateText}
        onChange={(text) => {
          setRateText(text);
          setError(null);
        }}
        error={error}
        helperText="For clients without their own rate"
        sx={{ width: { xs: '100%', sm: 240 } }}
      />
      <Button type="submit" variant="contained" disabled={state.isLoading} sx={{ mt: { sm: 0.5 } }}>
        Save
      </Button>
    </Box>
  );
}

/**
 * Settings, 'Billing' (DECISIONS 31): the currency of every amount and the hourly rate of clients without
 * their own. A new currency keeps the rates as written (85.50 stays 85.50).
 */
export function BillingSettingsSection() {
  const settings = useGetBillingSettingsQuery();
  return (
    <SettingsSection title="Billing">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        The currency of your rates and invoices, and the rate for clients without their own.
      </Typography>
      {settings.isError && !settings.data ? (
        <LoadFailed what="Billing settings" onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Skeleton variant="rounded" height={56} aria-label="Loading billing settings" />
      ) : (
        <BillingSettingsForm key={`${settings.data.currency} ${settings.data.defaultHourlyRateMinor}`} saved={settings.data} />
      )}
    </SettingsSection>
  );
}

export default BillingSettingsSection;
