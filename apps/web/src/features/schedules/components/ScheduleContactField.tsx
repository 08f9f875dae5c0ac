import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../../contacts/api';

export interface ScheduleContact {
  id: number;
  name: string;
  number: string;
}

/** The contact a schedule goes to: searched from 3 characters. */
export function ScheduleContactField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: ScheduleContact | null;
  onChange: (contact: ScheduleContact | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('schedules');
  const [input, setInput] = useState(value?.name ?? '');
  const search = useDebouncedValue(input.trim());
  const found = useContactSearch(search);
  const options: ScheduleContact[] = (found.data?.records ?? []).map(({ id, name, number }) => ({
    id,
    name,
    number,
  }));

  return (
    <Autocomplete<ScheduleContact>
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, option) => onChange(option)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid="schedule-contact-option">
          {`${option.name} (${option.number})`}
        </li>
      )}
      loading={search.length >= CONTACT_SEARCH_MIN_LENGTH && found.isFetching}
      noOptionsText={t('dialog.typeToSearch')}
      renderInput={(params) => (
        <TextField
          {...params}
          name="contactId"
          label={t('dialog.contact')}
          required
          margin="normal"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
