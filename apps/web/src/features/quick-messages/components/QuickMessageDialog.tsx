import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuickMessageInput, QuickMessageView } from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';
import { toast } from '../../../lib/toast';
import { AttachmentField } from '../../queues/components/AttachmentField';
import { useRemoveQuickMessageMedia, useSaveQuickMessage, useUploadQuickMessageMedia } from '../api';
import {
  quickMessageFormResolver,
  quickMessageFormValues,
  type QuickMessageFormValues,
} from '../quickMessageForm';
import { MessageField } from './MessageField';

function QuickMessageForm({
  record,
  onClose,
}: {
  record: QuickMessageView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('quickMessages');
  const { t: tc } = useTranslation();
  const save = useSaveQuickMessage();
  const upload = useUploadQuickMessageMedia();
  const removeMedia = useRemoveQuickMessageMedia();
  const [pending, setPending] = useState<File | null>(null);
  const [savedMediaName, setSavedMediaName] = useState(record?.mediaName ?? null);
  const form = useForm<QuickMessageFormValues, unknown, QuickMessageInput>({
    resolver: quickMessageFormResolver,
    defaultValues: quickMessageFormValues(record),
  });

  const submit = form.handleSubmit(async (values) => {
    const body = { shortcode: values.shortcode, message: values.message, geral: values.geral };
    let saved: QuickMessageView;
    try {
      saved = await save.mutateAsync({ id: record?.id, body });
    } catch {
      return;
    }
    // The file goes once the record exists (spec 2 section 7: upload after save).
    if (pending) {
      try {
        await upload.mutateAsync({ id: saved.id, file: pending });
      } catch {
        // Saved without its file; the upload error was toasted.
      }
    }
    toast.success(t('toasts.saved'));
    onClose();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle>{record ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <FormTextField
          control={form.control}
          name="shortcode"
          label={t('dialog.shortcode')}
          required
          autoFocus
        />
        <MessageField control={form.control} />
        <Controller
          control={form.control}
          name="geral"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1, display: 'flex' }}
              label={t('dialog.geral')}
              control={
                <Switch
                  name="geral"
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
        <AttachmentField
          savedName={savedMediaName}
          pending={pending}
          onPick={setPending}
          removing={removeMedia.isPending}
          onRemoveSaved={() =>
            record &&
            removeMedia.mutate(record.id, {
              onSuccess: () => {
                setSavedMediaName(null);
                toast.success(t('toasts.attachmentDeleted'));
              },
            })
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending || upload.isPending}
          data-testid="quick-message-save"
        >
          {record ? t('dialog.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add (no record) or edit a quick message; closing unmounts the form, which resets it. */
export function QuickMessageDialog({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: QuickMessageView | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="quick-message-dialog">
      {open && <QuickMessageForm record={record} onClose={onClose} />}
    </Dialog>
  );
}
