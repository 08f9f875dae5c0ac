import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QuickMessageView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListHeader } from '../../tags/list/ListHeader';
import { ScrollList } from '../../tags/list/ScrollList';
import { useDeleteQuickMessage, useQuickMessageList } from '../api';
import { QuickMessageDialog } from '../components/QuickMessageDialog';
import { QuickMessagesTable } from '../components/QuickMessagesTable';
import { useQuickMessagesLive } from '../realtime';

type DialogState = { open: false } | { open: true; record: QuickMessageView | undefined };

/** /quick-messages: the user's own and the general quick replies. */
export function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const user = useCurrentUser();
  const list = useQuickMessageList(user.id);
  const remove = useDeleteQuickMessage();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [deleting, setDeleting] = useState<QuickMessageView | null>(null);
  useQuickMessagesLive();

  // The server lets the author and admins change a quick message.
  const canChange = (record: QuickMessageView) => user.profile === 'admin' || record.userId === user.id;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('toasts.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box
      sx={{
        p: { xs: 2, sm: 3 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        boxSizing: 'border-box',
      }}
    >
      <ListHeader
        title={t('title')}
        search={list.typed}
        onSearch={list.setTyped}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setDialog({ open: true, record: undefined })}
        addTestId="quick-message-add"
      />
      <ScrollList
        onNearBottom={list.loadMore}
        loading={list.isPending || list.isFetchingNextPage}
        testId="quick-message-list"
      >
        {!list.isPending && list.records.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        ) : (
          <QuickMessagesTable
            records={list.records}
            canChange={canChange}
            onEdit={(record) => setDialog({ open: true, record })}
            onDelete={setDeleting}
          />
        )}
      </ScrollList>
      <QuickMessageDialog
        open={dialog.open}
        record={dialog.open ? dialog.record : undefined}
        onClose={() => setDialog({ open: false })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { shortcode: deleting?.shortcode ?? '' })}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
