import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { attachmentName } from '../attachmentName';

export interface AttachmentFieldProps {
  /** The stored attachment's name; null when there is none. */
  savedName: string | null;
  /** A file chosen in this dialog, uploaded after the record is saved. */
  pending: File | null;
  onPick: (file: File | null) => void;
  /** Removes the stored attachment on the server. */
  onRemoveSaved: () => void;
  removing?: boolean;
  disabled?: boolean;
  /** The file picker's accept list, e.g. `.png,.jpg,.jpeg`. */
  accept?: string;
}

/** An optional single attachment: the stored one (removable) or a file waiting for the save. */
export function AttachmentField({
  savedName,
  pending,
  onPick,
  onRemoveSaved,
  removing = false,
  disabled = false,
  accept,
}: AttachmentFieldProps) {
  const { t } = useTranslation('queues');
  const input = useRef<HTMLInputElement>(null);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <input
        ref={input}
        type="file"
        hidden
        name="file"
        accept={accept}
        data-testid="attachment-input"
        onChange={(event) => {
          onPick(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      {pending ? (
        <Chip
          data-testid="attachment-pending"
          icon={<AttachFileIcon />}
          label={attachmentName(pending.name)}
          onDelete={() => onPick(null)}
          sx={{ maxWidth: '100%' }}
        />
      ) : savedName ? (
        <Chip
          data-testid="attachment-saved"
          icon={<AttachFileIcon />}
          label={savedName}
          onDelete={removing || disabled ? undefined : onRemoveSaved}
          sx={{ maxWidth: '100%' }}
        />
      ) : null}
      <Button
        startIcon={<AttachFileIcon />}
        onClick={() => input.current?.click()}
        disabled={disabled}
        data-testid="attachment-button"
      >
        {savedName || pending ? t('attachment.replace') : t('attachment.add')}
      </Button>
    </Box>
  );
}
