import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toastOperationError, useListErrorToast } from '../../settings/operationToasts';
import { useAllPlans, useDeletePlan } from '../api';
import { PlanDialog } from './PlanDialog';
import { PlansTable } from './PlansTable';

/** The super user's plans: list, add, edit and delete (refused while a company uses the plan). */
export function PlansTab() {
  const { t } = useTranslation('plans');
  const plans = useAllPlans();
  const remove = useDeletePlan();
  const actions = useRecordActions<PlanView>(remove, t('toasts.success'), {
    onDeleteError: (error) => toastOperationError(error, t('toasts.errorOperation')),
  });
  useListErrorToast(plans.isError, t('toasts.errorList'));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Button variant="contained" onClick={actions.openAdd} data-testid="add-plan-button">
          {t('add')}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'auto' }} data-testid="plans-list">
        <PlansTable
          plans={plans.data ?? []}
          loading={plans.isPending}
          onEdit={actions.openEdit}
          onDelete={actions.askDelete}
        />
        {plans.isFetching && <LinearProgress />}
      </Paper>
      <PlanDialog
        key={actions.dialogKey}
        open={actions.dialogOpen}
        plan={actions.editing ?? null}
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
