import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { recurrences, type CompanyView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormSelectField } from '../../../components/form/FormSelectField';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { useAllPlans } from '../../plans/api';
import { toastOperationError } from '../../settings/operationToasts';
import { useSaveCompany } from '../api';
import { maskPhoneInput } from '../phoneMask';
import { companyForm, CompanyFormSchema, type CompanyForm, type CompanyFormValues } from '../schemas';

interface CompanyDialogProps {
  open: boolean;
  /** The company being edited; null creates one. */
  company: CompanyView | null;
  onClose: () => void;
}

/** The super user's company modal (spec 1 sections 3 and 5; server-behaviour 14.2). */
export function CompanyDialog({ open, company, onClose }: CompanyDialogProps) {
  const { t } = useTranslation('companies');
  const isEdit = company?.id !== undefined;
  const plans = useAllPlans();
  const save = useSaveCompany();
  const { form, dialog } = useEntityDialog<CompanyForm, CompanyFormValues, CompanyView>({
    resolver: zodResolver(CompanyFormSchema),
    values: companyForm(company),
    followValues: true,
    save: (body) => save.mutateAsync(company ? { id: company.id, body } : { body }),
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
      testId="company-dialog"
      maxWidth="md"
    >
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <FormTextField control={form.control} name="name" label={t('modal.name')} required autoFocus />
        <FormTextField
          control={form.control}
          name="email"
          label={t('modal.email')}
          type="email"
          autoComplete="off"
          required
        />
        <FormTextField
          control={form.control}
          name="phone"
          label={t('modal.phone')}
          type="tel"
          placeholder="(99) 99999-9999"
          transform={maskPhoneInput}
        />
        <FormSelectField
          control={form.control}
          name="planId"
          label={t('modal.plan')}
          options={[
            { value: '', label: t('modal.noPlan') },
            ...(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.name })),
          ]}
        />
        <FormSelectField
          control={form.control}
          name="status"
          label={t('modal.status')}
          options={[true, false].map((on) => ({ value: String(on), label: t(`status.${on}`) }))}
        />
        <FormSelectField
          control={form.control}
          name="campaignsEnabled"
          label={t('modal.campaignsEnabled')}
          options={[true, false].map((on) => ({ value: String(on), label: t(`campaigns.${on}`) }))}
        />
        <FormTextField
          control={form.control}
          name="dueDate"
          label={t('modal.dueDate')}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormSelectField
          control={form.control}
          name="recurrence"
          label={t('modal.recurrence')}
          options={recurrences.map((recurrence) => ({
            value: recurrence,
            label: t(`recurrences.${recurrence}`),
          }))}
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('modal.password')}
          helperText={isEdit ? t('modal.passwordEditHelper') : t('modal.passwordHelper')}
          autoComplete="new-password"
        />
      </Box>
    </FormDialog>
  );
}
