import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { CLIENT_COLOR_PALETTE, clientCreateBodySchema, DEFAULT_CLIENT_COLOR, DEFAULT_CURRENCY, formatMoney, parseMoney, type Client } from '@daybook/shared';
import { serverMessage } from '../../api/apiError';
import { useGetBillingSettingsQuery } from '../../api/billingApi';
import { useCreateClientMutation, useUpdateClientMutation } from '../../api/clientsApi';
import { readableTextColor } from '../../components/ClientChip';
import { FormDialog } from '../../components/FormDialog';
import { MoneyField, moneyText, moneyTextError } from '../../components/MoneyField';
import { fieldErrors } from '../../lib/formErrors';
import { toast, toastError } from '../../lib/toast';
import { AliasesField, aliasesWithDraft } from './AliasesField';
import { parseHexColor } from './color';

/**
 * Create or edit a client (spec §2): name, the other names it goes by (DECISIONS 28), its hourly rate
 * (empty: the default) and whether its time is billable by default (DECISIONS 31), and a colour from 20
 * swatches, a colour picker or hex text.
 */
export function ClientDialog({ open, client, onClose }: { open: boolean; client: Client | null; onClose: () => void }) {
  const [name, setName] = useState(client?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [color, setColor] = useState(client?.color ?? DEFAULT_CLIENT_COLOR);
  const [hexText, setHexText] = useState(client?.color ?? DEFAULT_CLIENT_COLOR);
  const [aliases, setAliases] = useState<string[]>(client?.aliases ?? []);
  const [aliasDraft, setAliasDraft] = useState('');
  const [aliasError, setAliasError] = useState<string | null>(null);
  const billing = useGetBillingSettingsQuery().data;
  const currency = billing?.currency ?? DEFAULT_CURRENCY;
  // Null until typed in: the client's rate, written in the currency once the settings are known.
  const [rateText, setRateText] = useState<string | null>(null);
  const [rateError, setRateError] = useState<string | null>(null);
  const [billable, setBillable] = useState(client?.billable ?? true);
  const [createClient, creating] = useCreateClientMutation();
  const [updateClient, updating] = useUpdateClientMutation();
  const hexValid = parseHexColor(hexText) !== null;
  const busy = creating.isLoading || updating.isLoading;

  const pick = (next: string) => {
    setColor(next);
    setHexText(next);
  };

  const submit = async () => {
    const typedRateError = rateText === null ? null : moneyTextError(rateText, currency);
    setRateError(typedRateError);
    if (typedRateError) return;
    const hourlyRateMinor = rateText === null ? (client?.hourlyRateMinor ?? null) : rateText.trim() === '' ? null : parseMoney(rateText, currency);
    const parsed = clientCreateBodySchema.safeParse({ name, color, aliases: aliasesWithDraft(aliases, aliasDraft), hourlyRateMinor, billable });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error, (key) => (key === 'aliases' ? 'aliases' : key === 'hourlyRateMinor' ? 'rate' : 'name'));
      setNameError(errors.name ?? null);
      setAliasError(errors.aliases ?? null);
      setRateError(errors.rate ?? null);
      return;
    }
    const body = parsed.data;
    // What is sent is what the chips show, also when the api refuses it (an alias another client has: 409).
    setAliases(body.aliases);
    setAliasDraft('');
    try {
      if (client) {
        await updateClient({ id: client.id, changes: body }).unwrap();
        toast({ title: 'Client updated successfully', variant: 'success' });
      } else {
        await createClient(body).unwrap();
        toast({ title: 'Client created successfully', variant: 'success' });
      }
      onClose();
    } catch (error) {
      const title = client ? 'Failed to update client' : 'Failed to create client';
      toastError(serverMessage(error) ?? title, title);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={client ? 'Edit Client' : 'New Client'}
      submitLabel={busy ? 'Saving...' : client ? 'Update Client' : 'Create Client'}
      busy={busy}
      onSubmit={() => void submit()}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 1 }}
    >
      <TextField
        label="Client name"
        value={name}
        autoFocus
        required
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        error={!!nameError}
        helperText={nameError ?? ' '}
      />
      <AliasesField
        aliases={aliases}
        draft={aliasDraft}
        error={aliasError}
        onChange={(change) => {
          if (change.aliases) setAliases(change.aliases);
          setAliasDraft(change.draft);
          setAliasError(change.error);
        }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
        <MoneyField
          label="Hourly rate"
          currency={currency}
          value={rateText ?? moneyText(client?.hourlyRateMinor ?? null, currency)}
          onChange={(text) => {
            setRateText(text);
            setRateError(null);
          }}
          error={rateError}
          placeholder={billing ? moneyText(billing.defaultHourlyRateMinor, currency) : undefined}
          helperText={billing ? `Empty: your default rate (${formatMoney(billing.defaultHourlyRateMinor, currency)})` : 'Empty: your default rate'}
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <FormControlLabel
          control={<Switch checked={billable} onChange={(event) => setBillable(event.target.checked)} />}
          label="Billable by default"
          sx={{ mt: 1 }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Colour
        </Typography>
        <Box role="radiogroup" aria-label="Preset colours" sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 1fr)', gap: 1, maxWidth: 420 }}>
          {CLIENT_COLOR_PALETTE.map((swatch) => {
            const chosen = swatch === color;
            return (
              <Box
                key={swatch}
                component="button"
                type="button"
                role="radio"
                aria-checked={chosen}
                aria-label={swatch}
                onClick={() => pick(swatch)}
                sx={{
                  aspectRatio: '1',
                  minWidth: 28,
                  borderRadius: '50%',
                  border: 2,
                  borderColor: chosen ? 'text.primary' : 'rgba(0,0,0,0.12)',
                  bgcolor: swatch,
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  p: 0,
                  color: readableTextColor(swatch),
                }}
              >
                {chosen && <CheckIcon sx={{ fontSize: 16 }} />}
              </Box>
            );
          })}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mt: 2 }}>
          <Box
            component="input"
            type="color"
            aria-label="Colour picker"
            value={color}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => pick(event.target.value.toLowerCase())}
            sx={{ width: 48, height: 40, p: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
          />
          <TextField
            size="small"
            label="Hex colour"
            value={hexText}
            onChange={(event) => {
              setHexText(event.target.value);
              const parsed = parseHexColor(event.target.value);
              if (parsed) setColor(parsed);
            }}
            error={!hexValid}
            helperText={hexValid ? ' ' : 'Enter a colour like #e5e7eb'}
            slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
            sx={{ width: 170 }}
          />
        </Box>
      </Box>
    </FormDialog>
  );
}

export default ClientDialog;
