import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QueueInput } from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';
import type { QueueFormValues } from '../queueForm';
import { maskTime } from '../../../lib/timeMask';

/** The attendance-time tab: start and end (`##:##`) per weekday. */
export function QueueSchedulesFields({
  control,
  weekdays,
}: {
  control: Control<QueueFormValues, unknown, QueueInput>;
  weekdays: QueueFormValues['schedules'];
}) {
  const { t } = useTranslation('queues');
  return (
    <Box data-testid="queue-schedules">
      {weekdays.map((entry, index) => (
        <Box
          key={entry.weekdayEn}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: '160px 1fr 1fr' },
            columnGap: 2,
            alignItems: 'center',
          }}
        >
          <Typography sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, mt: { xs: 1, sm: 0 } }}>
            {t(`weekdays.${entry.weekdayEn}`)}
          </Typography>
          <FormTextField
            control={control}
            name={`schedules.${index}.startTime`}
            label={t('schedules.start')}
            transform={maskTime}
            placeholder="08:00"
            margin="dense"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <FormTextField
            control={control}
            name={`schedules.${index}.endTime`}
            label={t('schedules.end')}
            transform={maskTime}
            placeholder="18:00"
            margin="dense"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Box>
      ))}
    </Box>
  );
}
