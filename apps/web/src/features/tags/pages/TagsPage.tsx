import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TagView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteTag, useTagList } from '../api';
import { TagDialog } from '../components/TagDialog';
import { TagsTable } from '../components/TagsTable';
import { ListHeader } from '../list/ListHeader';
import { ScrollList } from '../list/ScrollList';
import { useTagsLive } from '../realtime';

type DialogState = { open: false } | { open: true; tag: TagView | undefined };

/** /tags: searchable, infinitely scrolled tags with ticket counts. */
export function TagsPage() {
  const { t } = useTranslation('tags');
  const user = useCurrentUser();
  const list = useTagList();
  const remove = useDeleteTag();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [deleting, setDeleting] = useState<TagView | null>(null);
  useTagsLive();

  // The server lets admins and a tag's creator change it.
  const canChange = (tag: TagView) => user.profile === 'admin' || tag.userId === user.id;

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
        onAdd={() => setDialog({ open: true, tag: undefined })}
        addTestId="tag-add"
      />
      <ScrollList
        onNearBottom={list.loadMore}
        loading={list.isPending || list.isFetchingNextPage}
        testId="tag-list"
      >
        {!list.isPending && list.records.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        ) : (
          <TagsTable
            tags={list.records}
            canChange={canChange}
            onEdit={(tag) => setDialog({ open: true, tag })}
            onDelete={setDeleting}
          />
        )}
      </ScrollList>
      <TagDialog
        open={dialog.open}
        tag={dialog.open ? dialog.tag : undefined}
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
