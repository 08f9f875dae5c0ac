import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { planFlags, type PlanView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { toastOperationError } from '../../settings/operationToasts';
import { useSavePlan } from '../api';
import { planForm, PlanFormSchema, type PlanForm, type PlanFormValues } from '../schemas';
import { FormSwitch } from './FormSwitch';

const limitInput = { htmlInput: { min: 0, step: 1, inputMode: 'numeric' } } as const;

interface PlanDialogProps {
  open: boolean;
  /** The plan being edited; null creates one. */
  plan: PlanView | null;
  onClose: () => void;
}

/** The plan modal: name, limits (0 = unlimited), monthly value and the seven feature switches. */
export function PlanDialog({ open, plan, onClose }: PlanDialogProps) {
  const { t } = useTranslation('plans');
  const isEdit = plan?.id !== undefined;
  const save = useSavePlan();
  const { form, dialog } = useEntityDialog<PlanForm, PlanFormValues, PlanView>({
    resolver: zodResolver(PlanFormSchema),
    values: planForm(plan),
    followValues: true,
    save: (body) => save.mutateAsync(plan ? { id: plan.id, body } : { body }),
    savedMessage: t('toasts.success'),
    onError: (error) => toastOperationError(error, t('toasts.error')),
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('modal.editTitle') : t('modal.addTitle')}
      cancelLabel={t('modal.cancel')}
      submitLabel={isEdit ? t('modal.save') : t('modal.add')}
      {...dialog}
      testId="plan-dialog"
      maxWidth="sm"
    >
      <FormTextField control={form.control} name="name" label={t('modal.name')} required autoFocus />
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
        }}
      >
        <FormTextField
          control={form.control}
          name="users"
          label={t('modal.users')}
          type="number"
          slotProps={limitInput}
        />
        <FormTextField
          control={form.control}
          name="connections"
          label={t('modal.connections')}
          type="number"
          slotProps={limitInput}
        />
        <FormTextField
          control={form.control}
          name="queues"
          label={t('modal.queues')}
          type="number"
          slotProps={limitInput}
        />
        <FormTextField
          control={form.control}
          name="value"
          label={t('modal.value')}
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('modal.limitsHelper')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
        {planFlags.map((flag) => (
          <FormSwitch key={flag} control={form.control} name={flag} label={t(`flags.${flag}`)} />
        ))}
      </Box>
    </FormDialog>
  );
}
