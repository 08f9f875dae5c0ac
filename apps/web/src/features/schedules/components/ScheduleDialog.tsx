import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ScheduleInput, scheduleMediaExtensions, type ScheduleView } from '@zapdesk/contracts';
import { useErrorText } from '../../../components/form/useErrorText';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { AttachmentField } from '../../queues/components/AttachmentField';
import { useRecordAttachment } from '../../queues/components/useRecordAttachment';
import { useRemoveScheduleMedia, useSaveSchedule, useUploadScheduleMedia } from '../api';
import { fromZonedInput, toZonedInput } from '../zonedTime';
import { ScheduleBodyField } from './ScheduleBodyField';
import { ScheduleContactField, type ScheduleContact } from './ScheduleContactField';

type Field = 'body' | 'contactId' | 'sendAt' | 'file';

const isImage = (file: File) =>
  (scheduleMediaExtensions as readonly string[]).includes(file.name.split('.').pop()?.toLowerCase() ?? '');

function ScheduleForm({
  schedule,
  contact: givenContact,
  start,
  onClose,
}: {
  schedule: ScheduleView | undefined;
  contact: ScheduleContact | null;
  start: Date | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const user = useCurrentUser();
  const timeZone = user.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const save = useSaveSchedule();
  const attachment = useRecordAttachment({
    recordId: schedule?.id,
    savedName: schedule?.mediaName,
    upload: useUploadScheduleMedia(),
    remove: useRemoveScheduleMedia(),
  });
  const [contact, setContact] = useState<ScheduleContact | null>(schedule?.contact ?? givenContact);
  const [body, setBody] = useState(schedule?.body ?? '');
  const [sendAt, setSendAt] = useState(() => {
    const at = schedule ? new Date(schedule.sendAt) : (start ?? new Date(Date.now() + 3_600_000));
    return toZonedInput(at, timeZone);
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const sent = schedule?.sentAt != null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const instant = fromZonedInput(sendAt, timeZone);
    const parsed = ScheduleInput.safeParse({
      body,
      contactId: contact?.id ?? '',
      sendAt: instant ? instant.toISOString() : '',
      timeZone,
    });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= errorText(issue.message);
      }
    }
    if (attachment.pending && !isImage(attachment.pending)) found.file = t('dialog.imagesOnly');
    setErrors(found);
    if (!parsed.success || found.file) return;
    let saved: ScheduleView;
    try {
      saved = await save.mutateAsync({ id: schedule?.id, body: parsed.data });
    } catch {
      return;
    }
    await attachment.uploadFor(saved.id);
    toast.success(t('toasts.saved'));
    onClose();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle>{schedule ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <DialogContent dividers>
        {sent && <Alert severity="info">{t('dialog.alreadySent')}</Alert>}
        <ScheduleContactField
          value={contact}
          onChange={setContact}
          error={errors.contactId}
          disabled={givenContact !== null && !schedule}
        />
        <ScheduleBodyField value={body} onChange={setBody} error={errors.body} />
        <TextField
          type="datetime-local"
          name="sendAt"
          label={t('dialog.sendAt', { timeZone })}
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
          error={Boolean(errors.sendAt)}
          helperText={errors.sendAt}
          required
          fullWidth
          margin="normal"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-send-at' } }}
        />
        <AttachmentField disabled={sent} {...attachment.field} />
        {errors.file && <Alert severity="error">{errors.file}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={sent}
          loading={save.isPending || attachment.uploading}
          data-testid="schedule-save"
        >
          {schedule ? t('dialog.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Add or edit a scheduled message; opened from the calendar, the ticket's schedule action and the contact
 * drawer (those two give the contact). Closing unmounts the form, which resets it.
 */
export function ScheduleDialog({
  open,
  schedule,
  contact = null,
  start,
  onClose,
}: {
  open: boolean;
  schedule?: ScheduleView;
  contact?: ScheduleContact | null;
  start?: Date;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="schedule-dialog">
      {open && <ScheduleForm schedule={schedule} contact={contact} start={start} onClose={onClose} />}
    </Dialog>
  );
}
