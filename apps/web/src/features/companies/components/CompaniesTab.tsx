import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import type { CompanyView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { toastOperationError, useListErrorToast } from '../../settings/operationToasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { mergeById } from '../../users/hooks/mergeById';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { useLoadMoreOnScroll } from '../../users/hooks/useLoadMoreOnScroll';
import { useCompanyPages, useDeleteCompany, useSaveCompany } from '../api';
import { extendDueDate } from '../dueDate';
import { isRecurrence } from '../schemas';
import { CompaniesTable } from './CompaniesTable';
import { CompanyDialog } from './CompanyDialog';

/** The super user's companies: infinite list, add, edit, Expire (due date + recurrence) and delete. */
export function CompaniesTab() {
  const { t } = useTranslation('companies');
  const [typed, setTyped] = useState('');
  const list = useCompanyPages(useDebouncedValue(typed).trim());
  const save = useSaveCompany();
  const remove = useDeleteCompany();
  // Each opening mounts a fresh form; closing keeps the content until the dialog has faded out.
  const [dialog, setDialog] = useState({ open: false, company: null as CompanyView | null, key: 0 });
  const openDialog = (company: CompanyView | null) =>
    setDialog((d) => ({ open: true, company, key: d.key + 1 }));
  const [deleting, setDeleting] = useState<CompanyView | null>(null);
  useListErrorToast(list.isError, t('toasts.errorList'));

  const companies = mergeById((list.data?.pages ?? []).map((page) => page.companies));
  const scroll = useLoadMoreOnScroll<HTMLDivElement>({
    hasMore: list.hasNextPage,
    loading: list.isFetching,
    onLoadMore: () => void list.fetchNextPage(),
  });

  const expire = (company: CompanyView) => {
    const recurrence = isRecurrence(company.recurrence) ? company.recurrence : 'MENSAL';
    const dueDate = extendDueDate(company.dueDate, recurrence);
    if (!dueDate) return;
    save.mutate(
      { id: company.id, body: { dueDate } },
      {
        onSuccess: () => toast.success(t('toasts.success')),
        onError: (error) => toastOperationError(error, t('toasts.errorOperation')),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('toasts.success')),
      onError: (error) => toastOperationError(error, t('toasts.errorOperation')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button variant="contained" onClick={() => openDialog(null)} data-testid="add-company-button">
          {t('add')}
        </Button>
        <TextField
          size="small"
          type="search"
          placeholder={t('search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' }, minWidth: 0 }}
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
      </Box>
      <Paper
        variant="outlined"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        sx={{ maxHeight: 'calc(100dvh - 300px)', minHeight: 240, overflow: 'auto' }}
        data-testid="companies-list"
      >
        <CompaniesTable
          companies={companies}
          loading={list.isPending}
          onEdit={openDialog}
          onExpire={expire}
          onDelete={setDeleting}
        />
        {list.isFetching && <LinearProgress />}
      </Paper>
      <CompanyDialog
        key={dialog.key}
        open={dialog.open}
        company={dialog.company}
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
