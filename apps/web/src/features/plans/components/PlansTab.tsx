import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { toastOperationError, useListErrorToast } from '../../settings/operationToasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAllPlans, useDeletePlan } from '../api';
import { PlanDialog } from './PlanDialog';
import { PlansTable } from './PlansTable';

/** The super user's plans: list, add, edit and delete (refused while a company uses the plan). */
export function PlansTab() {
  const { t } = useTranslation('plans');
  const plans = useAllPlans();
  const remove = useDeletePlan();
  // Each opening mounts a fresh form; closing keeps the content until the dialog has faded out.
  const [dialog, setDialog] = useState({ open: false, plan: null as PlanView | null, key: 0 });
  const openDialog = (plan: PlanView | null) => setDialog((d) => ({ open: true, plan, key: d.key + 1 }));
  const [deleting, setDeleting] = useState<PlanView | null>(null);
  useListErrorToast(plans.isError, t('toasts.errorList'));

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
      <Box>
        <Button variant="contained" onClick={() => openDialog(null)} data-testid="add-plan-button">
          {t('add')}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'auto' }} data-testid="plans-list">
        <PlansTable
          plans={plans.data ?? []}
          loading={plans.isPending}
          onEdit={openDialog}
          onDelete={setDeleting}
        />
        {plans.isFetching && <LinearProgress />}
      </Paper>
      <PlanDialog
        key={dialog.key}
        open={dialog.open}
        plan={dialog.plan}
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
