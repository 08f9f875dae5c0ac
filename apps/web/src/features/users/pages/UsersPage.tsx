import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@zapdesk/contracts';
import { useDeleteUser, useUserPages } from '../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListHeader } from '../../../components/list/ListHeader';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { UserDialog } from '../components/UserDialog';
import { UsersTable } from '../components/UsersTable';
import { mergeById } from '../hooks/mergeById';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { useLoadMoreOnScroll } from '../hooks/useLoadMoreOnScroll';
import { useUsersRealtime } from '../realtime';
import { useCan } from '../../auth/can';

/** Spec 1 section 5: the users search starts at 3 characters. */
export const MIN_SEARCH_LENGTH = 3;

export const effectiveSearch = (typed: string): string => {
  const text = typed.trim();
  return text.length >= MIN_SEARCH_LENGTH ? text : '';
};

/** /users: search, infinite list, add, edit and delete (spec 1 sections 2 and 5). */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { t: tp } = useTranslation('pages');
  const canManage = useCan('users.manage');
  const [typed, setTyped] = useState('');
  const search = effectiveSearch(useDebouncedValue(typed));
  const list = useUserPages(search);
  const remove = useDeleteUser();
  const actions = useRecordActions<UserView>(remove, t('toasts.deleted'));
  useUsersRealtime();

  const users = mergeById((list.data?.pages ?? []).map((page) => page.users));
  const scroll = useLoadMoreOnScroll<HTMLDivElement>({
    hasMore: list.hasNextPage,
    loading: list.isFetching,
    onLoadMore: () => void list.fetchNextPage(),
  });

  return (
    <Box
      sx={{
        p: { xs: 1.5, sm: 3 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <ListHeader
        title={tp('titles.users')}
        search={typed}
        onSearch={setTyped}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={canManage ? actions.openAdd : undefined}
        addTestId="add-user-button"
      />
      <Paper
        variant="outlined"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        sx={{ flex: 1, minHeight: 200, overflow: 'auto' }}
        data-testid="users-list"
      >
        <UsersTable
          users={users}
          loading={list.isPending}
          canManage={canManage}
          onEdit={actions.openEdit}
          onDelete={actions.askDelete}
        />
        {list.isFetching && <LinearProgress />}
      </Paper>
      <UserDialog
        key={actions.dialogKey}
        open={actions.dialogOpen}
        user={actions.editing ?? null}
        onClose={actions.closeDialog}
      />
      <ConfirmDialog
        {...actions.confirm}
        title={t('confirmDelete.title', { name: actions.deleting?.name ?? '' })}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}
