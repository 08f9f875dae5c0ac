import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface OptionText {
  title: string;
  message: string;
}

/**
 * The inline fields of one chatbot option: its ordinal, title (required) and message. Save shows while the
 * text differs from what is stored (always for a new option).
 */
export function QueueOptionEditor({
  ordinal,
  initial,
  isNew,
  saving,
  onSave,
  actions,
}: {
  ordinal: string;
  initial: OptionText;
  isNew: boolean;
  saving: boolean;
  onSave: (text: OptionText) => void;
  /** Extra buttons after Save (delete, cancel). */
  actions: ReactNode;
}) {
  const { t } = useTranslation('queues');
  const { t: tv } = useTranslation('validation');
  const [title, setTitle] = useState(initial.title);
  const [message, setMessage] = useState(initial.message);
  const [touched, setTouched] = useState(false);
  const dirty = isNew || title !== initial.title || message !== initial.message;
  const titleMissing = title.trim() === '';

  const save = () => {
    setTouched(true);
    if (!titleMissing) onSave({ title: title.trim(), message });
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Typography
        data-testid="option-ordinal"
        sx={{
          mt: 1.5,
          minWidth: 28,
          height: 28,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 600,
          flexShrink: 0,
        }}
      >
        {ordinal}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          label={t('options.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && titleMissing}
          helperText={touched && titleMissing ? tv('required') : undefined}
          required
          fullWidth
          size="small"
          margin="dense"
          autoFocus={isNew}
          slotProps={{ htmlInput: { name: 'title', maxLength: 200 } }}
        />
        <TextField
          label={t('options.message')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          fullWidth
          size="small"
          margin="dense"
          multiline
          minRows={2}
          maxRows={8}
          slotProps={{ htmlInput: { name: 'message' } }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {dirty && (
            <Button
              size="small"
              variant="contained"
              onClick={save}
              loading={saving}
              data-testid="option-save"
            >
              {t('options.save')}
            </Button>
          )}
          {actions}
        </Box>
      </Box>
    </Box>
  );
}
