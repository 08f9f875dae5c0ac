import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { useDeleteUser, useUserPages } from '../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { UserDialog } from '../components/UserDialog';
import { UsersTable } from '../components/UsersTable';
import { mergeById } from '../hooks/mergeById';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { useLoadMoreOnScroll } from '../hooks/useLoadMoreOnScroll';
import { useUsersRealtime } from '../realtime';

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
  const actor = useCurrentUser();
  const canManage = actor.profile === 'admin';
  const [typed, setTyped] = useState('');
  const search = effectiveSearch(useDebouncedValue(typed));
  const list = useUserPages(search);
  const remove = useDeleteUser();
  // Each opening mounts a fresh form; closing keeps the content until the dialog has faded out.
  const [dialog, setDialog] = useState({ open: false, user: null as UserView | null, key: 0 });
  const openDialog = (user: UserView | null) => setDialog((d) => ({ open: true, user, key: d.key + 1 }));
  const [deleting, setDeleting] = useState<UserView | null>(null);
  useUsersRealtime();

  const users = mergeById((list.data?.pages ?? []).map((page) => page.users));
  const scroll = useLoadMoreOnScroll<HTMLDivElement>({
    hasMore: list.hasNextPage,
    loading: list.isFetching,
    onLoadMore: () => void list.fetchNextPage(),
  });

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
        p: { xs: 1.5, sm: 3 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minHeight: 0,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto' }}>
          {tp('titles.users')}
        </Typography>
        <TextField
          size="small"
          type="search"
          placeholder={t('search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          // A whole row on phones (after the add button), so the placeholder is never cut.
          sx={{ order: { xs: 3, sm: 0 }, flex: { xs: '1 1 100%', sm: '0 1 320px' }, minWidth: 0 }}
          slotProps={{
            htmlInput: { name: 'searchParam', 'aria-label': t('search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {canManage && (
          <Button variant="contained" onClick={() => openDialog(null)} data-testid="add-user-button">
            {t('add')}
          </Button>
        )}
      </Box>
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
          onEdit={openDialog}
          onDelete={setDeleting}
        />
        {list.isFetching && <LinearProgress />}
      </Paper>
      <UserDialog
        key={dialog.key}
        open={dialog.open}
        user={dialog.user}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}
