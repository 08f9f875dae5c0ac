import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { recurrences, type CompanyView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { toast } from '../../../lib/toast';
import { useAllPlans } from '../../plans/api';
import { toastOperationError } from '../../settings/operationToasts';
import { useSaveCompany, type CompanySave } from '../api';
import { maskPhoneInput } from '../phoneMask';
import {
  companyForm,
  CompanyFormSchema,
  emptyCompany,
  type CompanyForm,
  type CompanyFormValues,
} from '../schemas';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

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
  const form = useForm<CompanyForm, unknown, CompanyFormValues>({
    resolver: zodResolver(CompanyFormSchema),
    values: companyForm(company),
    resetOptions: { keepDirtyValues: true },
  });

  const close = () => {
    form.reset(emptyCompany);
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    const request: CompanySave = company ? { id: company.id, body: values } : { body: values };
    save.mutate(request, {
      onSuccess: () => {
        toast.success(t('toasts.success'));
        close();
      },
      onError: (error) => toastOperationError(error, t('toasts.error')),
    });
  });

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('modal.editTitle') : t('modal.addTitle')}
      cancelLabel={t('modal.cancel')}
      submitLabel={isEdit ? t('modal.save') : t('modal.add')}
      saving={save.isPending}
      onSubmit={(event) => void submit(event)}
      onClose={close}
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
        <FormTextField
          control={form.control}
          name="planId"
          label={t('modal.plan')}
          select
          slotProps={nativeSelect}
        >
          <option value="">{t('modal.noPlan')}</option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="status"
          label={t('modal.status')}
          select
          slotProps={nativeSelect}
        >
          <option value="true">{t('status.true')}</option>
          <option value="false">{t('status.false')}</option>
        </FormTextField>
        <FormTextField
          control={form.control}
          name="campaignsEnabled"
          label={t('modal.campaignsEnabled')}
          select
          slotProps={nativeSelect}
        >
          <option value="true">{t('campaigns.true')}</option>
          <option value="false">{t('campaigns.false')}</option>
        </FormTextField>
        <FormTextField
          control={form.control}
          name="dueDate"
          label={t('modal.dueDate')}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={form.control}
          name="recurrence"
          label={t('modal.recurrence')}
          select
          slotProps={nativeSelect}
        >
          {recurrences.map((recurrence) => (
            <option key={recurrence} value={recurrence}>
              {t(`recurrences.${recurrence}`)}
            </option>
          ))}
        </FormTextField>
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
