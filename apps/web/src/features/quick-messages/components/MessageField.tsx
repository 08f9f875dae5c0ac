import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuickMessageInput } from '@zapdesk/contracts';
import { useErrorText } from '../../../components/form/useErrorText';
import { insertAtCursor, messageVariables } from '../insertAtCursor';
import type { QuickMessageFormValues } from '../quickMessageForm';

/** The message text with buttons that insert `{{variable}}` at the cursor. */
export function MessageField({
  control,
}: {
  control: Control<QuickMessageFormValues, unknown, QuickMessageInput>;
}) {
  const { t } = useTranslation('quickMessages');
  const errorText = useErrorText();
  const { field, fieldState } = useController({ control, name: 'message' });
  const input = useRef<HTMLTextAreaElement | null>(null);

  const insert = (variable: string) => {
    const element = input.current;
    const next = insertAtCursor(
      field.value,
      `{{${variable}}}`,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    field.onChange(next.text);
    // After React writes the new value, put the cursor right after the inserted variable.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <>
      <TextField
        label={t('dialog.message')}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        name={field.name}
        inputRef={(element: HTMLTextAreaElement | null) => {
          input.current = element;
          field.ref(element);
        }}
        error={fieldState.error !== undefined}
        helperText={errorText(fieldState.error?.message)}
        multiline
        minRows={4}
        maxRows={12}
        fullWidth
        margin="normal"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
          {t('dialog.variables')}
        </Typography>
        {messageVariables.map((variable) => (
          <Button
            key={variable}
            size="small"
            variant="outlined"
            title={t(`variables.${variable}`)}
            data-testid={`variable-${variable}`}
            // Keep the textarea's selection: a click would otherwise move focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(variable)}
            sx={{ textTransform: 'none', fontFamily: 'monospace' }}
          >
            {`{{${variable}}}`}
          </Button>
        ))}
      </Box>
    </>
  );
}
