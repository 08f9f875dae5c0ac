import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuickMessageView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { AttachmentField } from '../../queues/components/AttachmentField';
import { useRecordAttachment } from '../../queues/components/useRecordAttachment';
import { useRemoveQuickMessageMedia, useSaveQuickMessage, useUploadQuickMessageMedia } from '../api';
import { quickMessageFormResolver, quickMessageFormValues } from '../quickMessageForm';
import { MessageField } from './MessageField';

/** Add (no record) or edit a quick message; the page mounts a fresh one with each opening. */
export function QuickMessageDialog({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: QuickMessageView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('quickMessages');
  const save = useSaveQuickMessage();
  const attachment = useRecordAttachment({
    recordId: record?.id,
    savedName: record?.mediaName,
    upload: useUploadQuickMessageMedia(),
    remove: useRemoveQuickMessageMedia(),
    removedMessage: t('toasts.attachmentDeleted'),
  });
  const { form, dialog } = useEntityDialog({
    resolver: quickMessageFormResolver,
    values: quickMessageFormValues(record),
    save: async (values) => {
      const body = { shortcode: values.shortcode, message: values.message, geral: values.geral };
      const saved = await save.mutateAsync({ id: record?.id, body });
      // The file goes once the record exists (spec 2 section 7: upload after save).
      await attachment.uploadFor(saved.id);
      return saved;
    },
    savedMessage: t('toasts.saved'),
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title={record ? t('dialog.editTitle') : t('dialog.addTitle')}
      submitLabel={record ? t('dialog.save') : t('dialog.add')}
      {...dialog}
      testId="quick-message-dialog"
      submitTestId="quick-message-save"
    >
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
      <AttachmentField {...attachment.field} />
    </FormDialog>
  );
}
