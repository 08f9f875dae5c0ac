import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { QueueView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useDeleteQueue, useQueueList } from '../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueueDialog } from '../components/QueueDialog';
import { QueuesTable } from '../components/QueuesTable';
import { useQueuesLive } from '../realtime';
import { useCan } from '../../auth/can';

type DialogState = { open: false } | { open: true; queueId: number | undefined };

/** /queues: the company's queues with their chatbot options (writes are for admins). */
export function QueuesPage() {
  const { t } = useTranslation('queues');
  const canEdit = useCan('queues.manage');
  const queues = useQueueList();
  const remove = useDeleteQueue();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [deleting, setDeleting] = useState<QueueView | null>(null);
  useQueuesLive();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('toasts.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0 }}>
          {t('title')}
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, queueId: undefined })}
            data-testid="queue-add"
          >
            {t('add')}
          </Button>
        )}
      </Box>
      <Paper variant="outlined">
        {queues.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        ) : (queues.data ?? []).length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        ) : (
          <QueuesTable
            queues={queues.data ?? []}
            canEdit={canEdit}
            onEdit={(queue) => setDialog({ open: true, queueId: queue.id })}
            onDelete={setDeleting}
          />
        )}
      </Paper>
      <QueueDialog
        open={dialog.open}
        queueId={dialog.open ? dialog.queueId : undefined}
        onClose={() => setDialog({ open: false })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
