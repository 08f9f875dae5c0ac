import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { choicesOf, type SelectSettingKey } from '../options';

interface SettingSelectProps {
  settingKey: SelectSettingKey;
  value: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One option of the Options tab, saved as soon as another value is picked. */
export function SettingSelect({ settingKey, value, disabled, onChange }: SettingSelectProps) {
  const { t } = useTranslation('settings');
  const choices = choicesOf(settingKey);
  return (
    <TextField
      select
      fullWidth
      label={t(`options.${settingKey}`)}
      value={value ?? ''}
      disabled={disabled || value === undefined}
      onChange={(event) => {
        if (event.target.value !== value) onChange(event.target.value);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { name: settingKey } }}
    >
      {value === undefined && <option value="" />}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {t(`values.${choice}`)}
        </option>
      ))}
    </TextField>
  );
}
