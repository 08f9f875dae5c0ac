import { useEffect, useState } from 'react';
import type { ContactView } from '@zapdesk/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../../contacts/api';

/** A found contact, or the offer to add one with the typed name. */
type ContactOption = { kind: 'contact'; contact: ContactView } | { kind: 'new'; name: string };

interface ContactPickerProps {
  value: ContactView | null;
  onChange: (contact: ContactView | null) => void;
  /** The user chose to add a contact with this name. */
  onAddNew: (name: string) => void;
  error?: string;
}

/** Contact search from 3 characters; whatever was typed is also offered as a new contact. */
export function ContactPicker({ value, onChange, onAddNew, error }: ContactPickerProps) {
  const { t } = useTranslation('tickets');
  const [input, setInput] = useState('');
  const typed = input.trim();
  const search = useDebouncedValue(typed);
  const found = useContactSearch(search);
  const searching = typed.length >= CONTACT_SEARCH_MIN_LENGTH;

  // A chosen or newly added contact shows its saved name.
  useEffect(() => {
    if (value) setInput(value.name);
  }, [value]);

  const options: ContactOption[] = searching
    ? [
        ...(found.data?.records ?? []).map((contact) => ({ kind: 'contact' as const, contact })),
        { kind: 'new', name: typed },
      ]
    : [];
  const selected: ContactOption | null = value ? { kind: 'contact', contact: value } : null;

  return (
    <Autocomplete<ContactOption>
      options={options}
      value={selected}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // Choosing the "add" option must not replace the typed name with the option's label.
        if (reason !== 'reset') setInput(text);
      }}
      onChange={(_event, option) => {
        if (option?.kind === 'new') onAddNew(option.name);
        else onChange(option?.contact ?? null);
      }}
      getOptionLabel={(option) => (option.kind === 'contact' ? option.contact.name : option.name)}
      isOptionEqualToValue={(a, b) =>
        a.kind === 'contact' && b.kind === 'contact' ? a.contact.id === b.contact.id : a.kind === b.kind
      }
      getOptionKey={(option) => (option.kind === 'contact' ? option.contact.id : 'new')}
      renderOption={({ key, ...props }, option) => (
        <li
          key={key}
          {...props}
          data-testid={option.kind === 'contact' ? 'contact-option' : 'contact-option-new'}
        >
          {option.kind === 'contact'
            ? `${option.contact.name} (${option.contact.number})`
            : t('newTicket.addContact', { name: option.name })}
        </li>
      )}
      filterOptions={(all) => all}
      loading={searching && found.isFetching}
      noOptionsText={t('newTicket.typeToSearch')}
      renderInput={(params) => (
        <TextField
          {...params}
          name="contactId"
          label={t('newTicket.contact')}
          autoFocus
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
