import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TAG_COLOR, TagInput, type TagView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { ColorPickerField } from '../../queues/components/ColorPickerField';
import { contractResolver } from '../../queues/formResolver';
import { useSaveTag } from '../api';
import { useCan } from '../../auth/can';

interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

const tagFormResolver = contractResolver<TagFormValues, typeof TagInput>(TagInput);

const formValues = (tag: TagView | undefined): TagFormValues => ({
  name: tag?.name ?? '',
  color: tag?.color ?? DEFAULT_TAG_COLOR,
  kanban: tag?.kanban === 1,
});

/** Add (no tag) or edit a tag; the page mounts a fresh one with each opening. */
export function TagDialog({
  open,
  tag,
  onClose,
}: {
  open: boolean;
  tag: TagView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('tags');
  // Spec 2 section 6: only admins and supervisors see the Kanban switch (the server enforces it too).
  const mayUseKanban = useCan('tags.kanban');
  const save = useSaveTag();
  const { form, dialog } = useEntityDialog({
    resolver: tagFormResolver,
    values: formValues(tag),
    save: (body) => save.mutateAsync({ id: tag?.id, body }),
    savedMessage: t('toasts.saved'),
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title={tag ? t('dialog.editTitle') : t('dialog.addTitle')}
      submitLabel={tag ? t('dialog.save') : t('dialog.add')}
      {...dialog}
      testId="tag-dialog"
      submitTestId="tag-save"
      maxWidth="xs"
    >
      <FormTextField control={form.control} name="name" label={t('dialog.name')} required autoFocus />
      <ColorPickerField control={form.control} name="color" label={t('dialog.color')} />
      {mayUseKanban && (
        <Controller
          control={form.control}
          name="kanban"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              label={t('dialog.kanban')}
              control={
                <Switch
                  name="kanban"
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
      )}
    </FormDialog>
  );
}
