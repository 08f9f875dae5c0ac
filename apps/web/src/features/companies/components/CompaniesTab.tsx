import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { CompanyView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { toastOperationError, useListErrorToast } from '../../settings/operationToasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListHeader } from '../../../components/list/ListHeader';
import { useRecordActions } from '../../../components/list/useRecordActions';
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
  const actions = useRecordActions<CompanyView>(remove, t('toasts.success'), {
    onDeleteError: (error) => toastOperationError(error, t('toasts.errorOperation')),
  });
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

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <ListHeader
        search={typed}
        onSearch={setTyped}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={actions.openAdd}
        addTestId="add-company-button"
      />
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
          onEdit={actions.openEdit}
          onExpire={expire}
          onDelete={actions.askDelete}
        />
        {list.isFetching && <LinearProgress />}
      </Paper>
      <CompanyDialog
        key={actions.dialogKey}
        open={actions.dialogOpen}
        company={actions.editing ?? null}
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
