import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { toast } from '../../../lib/toast';
import { toastOperationError } from '../../settings/operationToasts';
import { useSaveHelp, type HelpSave } from '../api';
import { emptyHelp, helpForm, HelpFormSchema, type HelpForm, type HelpFormValues } from '../schemas';

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
  const form = useForm<HelpForm, unknown, HelpFormValues>({
    resolver: zodResolver(HelpFormSchema),
    values: helpForm(help),
    resetOptions: { keepDirtyValues: true },
  });

  const close = () => {
    form.reset(emptyHelp);
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    const request: HelpSave = help ? { id: help.id, body: values } : { body: values };
    save.mutate(request, {
      onSuccess: () => {
        toast.success(t('toasts.success'));
        close();
      },
      onError: (error) => toastOperationError(error, t('toasts.error')),
    });
  });

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('modal.editTitle') : t('modal.addTitle')}
      cancelLabel={t('modal.cancel')}
      submitLabel={isEdit ? t('modal.save') : t('modal.add')}
      saving={save.isPending}
      onSubmit={(event) => void submit(event)}
      onClose={close}
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
