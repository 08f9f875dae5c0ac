import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { AnnouncementInput, DEFAULT_ANNOUNCEMENT_PRIORITY, type AnnouncementView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { AttachmentField } from '../../queues/components/AttachmentField';
import { useRecordAttachment } from '../../queues/components/useRecordAttachment';
import { contractResolver } from '../../queues/formResolver';
import { useRemoveAnnouncementMedia, useSaveAnnouncement, useUploadAnnouncementMedia } from '../api';

interface AnnouncementFormValues {
  title: string;
  text: string;
  status: string;
  priority: string;
}

const resolver = contractResolver<AnnouncementFormValues, typeof AnnouncementInput>(AnnouncementInput);

const formValues = (record: AnnouncementView | undefined): AnnouncementFormValues => ({
  title: record?.title ?? '',
  text: record?.text ?? '',
  status: String(record?.status ?? true),
  priority: String(record?.priority ?? DEFAULT_ANNOUNCEMENT_PRIORITY),
});

/** Spec 2 section 5: the attachment takes png, jpg or jpeg. */
export const ANNOUNCEMENT_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** Add (no record) or edit an announcement; the page mounts a fresh one with each opening. */
export function AnnouncementFormDialog({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: AnnouncementView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('announcements');
  const { t: tc } = useTranslation();
  const save = useSaveAnnouncement();
  const attachment = useRecordAttachment({
    recordId: record?.id,
    savedName: record?.mediaName,
    upload: useUploadAnnouncementMedia(),
    remove: useRemoveAnnouncementMedia(),
    removedMessage: t('toasts.imageDeleted'),
  });
  const { form, dialog } = useEntityDialog({
    resolver,
    values: formValues(record),
    save: async (body) => {
      const saved = await save.mutateAsync({ id: record?.id, body });
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
      submitLabel={tc('actions.save')}
      {...dialog}
      testId="announcement-dialog"
      submitTestId="announcement-save"
    >
      <FormTextField control={form.control} name="title" label={t('dialog.title')} required autoFocus />
      <FormTextField
        control={form.control}
        name="text"
        label={t('dialog.text')}
        required
        multiline
        minRows={4}
      />
      <FormTextField control={form.control} name="status" label={t('dialog.status')} select>
        <MenuItem value="true">{t('status.active')}</MenuItem>
        <MenuItem value="false">{t('status.inactive')}</MenuItem>
      </FormTextField>
      <FormTextField control={form.control} name="priority" label={t('dialog.priority')} select>
        <MenuItem value="1">{t('priority.1')}</MenuItem>
        <MenuItem value="2">{t('priority.2')}</MenuItem>
        <MenuItem value="3">{t('priority.3')}</MenuItem>
      </FormTextField>
      <AttachmentField accept={ANNOUNCEMENT_IMAGE_ACCEPT} {...attachment.field} />
    </FormDialog>
  );
}
