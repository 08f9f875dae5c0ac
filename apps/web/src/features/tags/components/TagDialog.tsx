import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TAG_COLOR, TagInput, type TagView } from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { ColorPickerField } from '../../queues/components/ColorPickerField';
import { contractResolver } from '../../queues/formResolver';
import { useSaveTag } from '../api';

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

function TagForm({ tag, onClose }: { tag: TagView | undefined; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const { t: tc } = useTranslation();
  const user = useCurrentUser();
  // Spec 2 section 6: only admins and supervisors see the Kanban switch (the server enforces it too).
  const mayUseKanban = user.profile === 'admin' || user.profile === 'supervisor';
  const save = useSaveTag();
  const form = useForm<TagFormValues, unknown, TagInput>({
    resolver: tagFormResolver,
    defaultValues: formValues(tag),
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: tag?.id, body: values },
      {
        onSuccess: () => {
          toast.success(t('toasts.saved'));
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle>{tag ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <DialogContent dividers>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="tag-save">
          {tag ? t('dialog.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add (no tag) or edit a tag; closing unmounts the form, which resets it. */
export function TagDialog({
  open,
  tag,
  onClose,
}: {
  open: boolean;
  tag: TagView | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="tag-dialog">
      {open && <TagForm tag={tag} onClose={onClose} />}
    </Dialog>
  );
}
