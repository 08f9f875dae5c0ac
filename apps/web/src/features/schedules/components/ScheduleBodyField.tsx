import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { insertAtCursor, messageVariables } from '../../quick-messages/insertAtCursor';

/** The message, with buttons that insert `{{variable}}` at the cursor (rendered when it is sent). */
export function ScheduleBodyField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('schedules');
  const { t: tq } = useTranslation('quickMessages');
  const input = useRef<HTMLTextAreaElement | null>(null);

  const insert = (variable: string) => {
    const element = input.current;
    const next = insertAtCursor(
      value,
      `{{${variable}}}`,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    onChange(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <>
      <TextField
        label={t('dialog.body')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        name="body"
        inputRef={input}
        error={Boolean(error)}
        helperText={error}
        required
        multiline
        minRows={4}
        maxRows={10}
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
            title={tq(`variables.${variable}`)}
            data-testid={`schedule-variable-${variable}`}
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
