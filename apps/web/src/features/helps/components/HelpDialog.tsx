import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { toastOperationError } from '../../settings/operationToasts';
import { useSaveHelp } from '../api';
import { helpForm, HelpFormSchema, type HelpForm, type HelpFormValues } from '../schemas';

interface HelpDialogProps {
  open: boolean;
  /** The help being edited; null adds one. */
  help: HelpView | null;
  onClose: () => void;
}

/** The help video modal: title, video id (or link) and description. */
export function HelpDialog({ open, help, onClose }: HelpDialogProps) {
  const { t } = useTranslation('helps');
  const isEdit = help?.id !== undefined;
  const save = useSaveHelp();
  const { form, dialog } = useEntityDialog<HelpForm, HelpFormValues, HelpView>({
    resolver: zodResolver(HelpFormSchema),
    values: helpForm(help),
    followValues: true,
    save: (body) => save.mutateAsync(help ? { id: help.id, body } : { body }),
    savedMessage: t('toasts.success'),
    onError: (error) => toastOperationError(error, t('toasts.error')),
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('modal.editTitle') : t('modal.addTitle')}
      cancelLabel={t('modal.cancel')}
      submitLabel={isEdit ? t('modal.save') : t('modal.add')}
      {...dialog}
      testId="help-dialog"
      maxWidth="sm"
    >
      <FormTextField control={form.control} name="title" label={t('modal.title')} required autoFocus />
      <FormTextField
        control={form.control}
        name="video"
        label={t('modal.video')}
        helperText={t('modal.videoHelper')}
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('modal.description')}
        multiline
        minRows={3}
      />
    </FormDialog>
  );
}
