import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UpdateCompanySchedulesInput, type CompanyView } from '@zapdesk/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/FormTextField';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { useCompany, useUpdateCompanySchedules } from '../../companies/api';
import { maskTime } from '../../../lib/timeMask';
import { weeklyRows } from '../weeklyHours';

type SchedulesForm = z.input<typeof UpdateCompanySchedulesInput>;
type SchedulesValues = z.output<typeof UpdateCompanySchedulesInput>;

/** The company's weekly hours, used when the schedule type is "company" (PUT /companies/:id/schedules). */
export function SchedulesTab() {
  const user = useCurrentUser();
  const company = useCompany(user.companyId);
  if (!company.data) return <CircularProgress size={28} sx={{ m: 2 }} />;
  return <SchedulesFormView company={company.data} />;
}

function SchedulesFormView({ company }: { company: CompanyView }) {
  const { t } = useTranslation('settings');
  const save = useUpdateCompanySchedules(company.id);
  const form = useForm<SchedulesForm, unknown, SchedulesValues>({
    resolver: zodResolver(UpdateCompanySchedulesInput),
    values: { schedules: weeklyRows(company.schedules) },
    resetOptions: { keepDirtyValues: true },
  });
  const rows = useFieldArray({ control: form.control, name: 'schedules' });

  const submit = form.handleSubmit((values) =>
    save.mutate(values.schedules, { onSuccess: () => toast.success(t('schedules.saved')) }),
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 720 }}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('schedules.hint')}
      </Typography>
      {rows.fields.map((row, index) => (
        <Box
          key={row.id}
          data-testid="schedule-row"
          sx={{
            display: 'grid',
            alignItems: 'center',
            columnGap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', sm: '180px 1fr 1fr' },
          }}
        >
          <Typography
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, pt: { xs: 1, sm: 0 }, fontWeight: 500 }}
          >
            {t(`weekdays.${row.weekdayEn}`)}
          </Typography>
          <FormTextField
            control={form.control}
            name={`schedules.${index}.startTime`}
            label={t('schedules.startTime')}
            placeholder="08:00"
            transform={maskTime}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            size="small"
          />
          <FormTextField
            control={form.control}
            name={`schedules.${index}.endTime`}
            label={t('schedules.endTime')}
            placeholder="18:00"
            transform={maskTime}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            size="small"
          />
        </Box>
      ))}
      <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 2 }}>
        {t('schedules.save')}
      </Button>
    </Box>
  );
}
