import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface PaymentTokenFieldProps {
  value: string;
  onSave: (value: string) => void;
}

/** The payment-provider token: typed freely, saved when the field loses focus with a changed value. */
export function PaymentTokenField({ value, onSave }: PaymentTokenFieldProps) {
  const { t } = useTranslation('settings');
  // What is typed; null until the first keystroke, so a live change from elsewhere still shows.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextField
      fullWidth
      label={t('options.asaas')}
      helperText={t('options.asaasHelper')}
      value={draft ?? value}
      autoComplete="off"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== null && draft !== value) onSave(draft);
        setDraft(null);
      }}
      slotProps={{ htmlInput: { name: 'asaas', maxLength: 500 }, inputLabel: { shrink: true } }}
    />
  );
}
