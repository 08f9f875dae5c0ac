import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QueueInput, QueueView } from '@zapdesk/contracts';
import { isApiError } from '../../../lib/api/ApiError';
import { errorText, toast } from '../../../lib/toast';
import { QueueOptionsTree } from '../../queue-options/components/QueueOptionsTree';
import { useQueue, useRemoveQueueMedia, useSaveQueue, useUploadQueueMedia } from '../api';
import { queueFormResolver, queueFormValues, type QueueFormValues } from '../queueForm';
import { useScheduleType } from '../referenceApi';
import { AttachmentField } from './AttachmentField';
import { QueueDataFields } from './QueueDataFields';
import { QueueSchedulesFields } from './QueueSchedulesFields';

type TabKey = 'data' | 'schedules';

const duplicateField: Partial<Record<string, 'name' | 'color'>> = {
  ERR_QUEUE_NAME_ALREADY_EXISTS: 'name',
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
};

function QueueForm({
  queue,
  onCreated,
  onClose,
}: {
  queue: QueueView | undefined;
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const scheduleType = useScheduleType();
  const byQueue = scheduleType.data === 'queue';
  const [chosenTab, setTab] = useState<TabKey>('data');
  // The schedules tab exists only in queue schedule mode, which may change while the dialog is open.
  const tab: TabKey = byQueue ? chosenTab : 'data';
  const [pendingMedia, setPendingMedia] = useState<File | null>(null);
  const save = useSaveQueue();
  const upload = useUploadQueueMedia();
  const removeMedia = useRemoveQueueMedia();
  const form = useForm<QueueFormValues, unknown, QueueInput>({
    resolver: queueFormResolver,
    defaultValues: queueFormValues(queue),
  });
  const weekdays = form.getValues('schedules');

  const submit = form.handleSubmit(
    async (values) => {
      const isNew = queue === undefined;
      let saved: QueueView;
      try {
        saved = await save.mutateAsync({ id: queue?.id, body: values });
      } catch (error) {
        // The toast says it too; the field shows which input to change.
        const code = isApiError(error) ? error.code : undefined;
        const field = code ? duplicateField[code] : undefined;
        if (code && field) {
          form.setError(field, { message: errorText(code) });
          setTab('data');
        }
        return;
      }
      if (pendingMedia) {
        try {
          await upload.mutateAsync({ id: saved.id, file: pendingMedia });
          setPendingMedia(null);
        } catch {
          // The queue is saved; the upload error was toasted and the file stays chosen for another try.
        }
      }
      toast.success(t('toasts.saved'));
      form.reset(queueFormValues(saved));
      if (isNew) onCreated(saved.id);
      else onClose();
    },
    (errors) => {
      if (errors.schedules && !errors.name && !errors.color) setTab('schedules');
      else setTab('data');
    },
  );

  const busy = save.isPending || upload.isPending;

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
      <DialogTitle>{queue ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      {byQueue && (
        <Tabs
          value={tab}
          onChange={(_event, value: TabKey) => setTab(value)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="data" label={t('dialog.dataTab')} data-testid="queue-tab-data" />
          <Tab value="schedules" label={t('dialog.schedulesTab')} data-testid="queue-tab-schedules" />
        </Tabs>
      )}
      <DialogContent dividers>
        <Box hidden={tab !== 'data'}>
          <QueueDataFields control={form.control} showOutOfHours={byQueue} />
          <AttachmentField
            savedName={queue?.mediaName ?? null}
            pending={pendingMedia}
            onPick={setPendingMedia}
            removing={removeMedia.isPending}
            onRemoveSaved={() => queue && removeMedia.mutate(queue.id)}
          />
          <QueueOptionsTree queueId={queue?.id} />
        </Box>
        {byQueue && (
          <Box hidden={tab !== 'schedules'}>
            <QueueSchedulesFields control={form.control} weekdays={weekdays} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="queue-dialog-close">
          {queue ? tc('actions.close') : tc('actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} data-testid="queue-save">
          {queue ? t('dialog.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Loads the queue being edited, then shows its form. */
export function QueueDialogContent({
  queueId,
  onCreated,
  onClose,
}: {
  queueId: number | undefined;
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const queue = useQueue(queueId);
  if (queueId !== undefined && queue.isError) {
    return (
      <>
        <DialogContent>
          <Typography color="error">{t('dialog.loadFailed')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('actions.close')}</Button>
        </DialogActions>
      </>
    );
  }
  if (queueId !== undefined && !queue.data) {
    return (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress />
      </DialogContent>
    );
  }
  // The same form stays mounted when a new queue gets its id: what was typed is what was saved.
  return <QueueForm key="queue-form" queue={queue.data} onCreated={onCreated} onClose={onClose} />;
}
