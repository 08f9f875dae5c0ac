import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QueueInput } from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';
import type { QueueFormValues } from '../queueForm';
import { useIntegrationOptions, usePromptOptions, type NamedRef } from '../referenceApi';
import { ColorPickerField } from './ColorPickerField';

type QueueControl = Control<QueueFormValues, unknown, QueueInput>;

function RefSelect({
  control,
  name,
  label,
  noneLabel,
  options,
}: {
  control: QueueControl;
  name: 'integrationId' | 'promptId';
  label: string;
  noneLabel: string;
  options: readonly NamedRef[];
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{noneLabel}</option>
      {options.map((option) => (
        <option key={option.id} value={String(option.id)}>
          {option.name}
        </option>
      ))}
    </FormTextField>
  );
}

/** The queue-data tab: name, colour, order, integration, prompt, greeting and out-of-hours texts. */
export function QueueDataFields({
  control,
  showOutOfHours,
}: {
  control: QueueControl;
  showOutOfHours: boolean;
}) {
  const { t } = useTranslation('queues');
  const integrations = useIntegrationOptions(true);
  const prompts = usePromptOptions(true);

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' },
          columnGap: 2,
        }}
      >
        <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
        <ColorPickerField control={control} name="color" label={t('form.color')} required />
        <FormTextField
          control={control}
          name="orderQueue"
          label={t('form.orderQueue')}
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <RefSelect
          control={control}
          name="integrationId"
          label={t('form.integration')}
          noneLabel={t('form.none')}
          options={integrations.data ?? []}
        />
        <RefSelect
          control={control}
          name="promptId"
          label={t('form.prompt')}
          noneLabel={t('form.none')}
          options={prompts.data ?? []}
        />
      </Box>
      <FormTextField
        control={control}
        name="greetingMessage"
        label={t('form.greetingMessage')}
        multiline
        minRows={3}
        maxRows={10}
      />
      {showOutOfHours && <MissingOutOfHoursWarning control={control} />}
      {showOutOfHours && (
        <FormTextField
          control={control}
          name="outOfHoursMessage"
          label={t('form.outOfHoursMessage')}
          multiline
          minRows={3}
          maxRows={10}
        />
      )}
    </>
  );
}

/**
 * A queue with hours but no out-of-hours text answers customers outside its hours with a generic default
 * (issue 23): say so while the admin can still write the queue's own text.
 */
function MissingOutOfHoursWarning({ control }: { control: QueueControl }) {
  const { t } = useTranslation('queues');
  const [message, schedules] = useWatch({ control, name: ['outOfHoursMessage', 'schedules'] });
  const hasHours = schedules.some((day) => day.startTime !== '' && day.endTime !== '');
  if (!hasHours || message.trim() !== '') return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="queue-out-of-hours-warning">
      {t('form.outOfHoursMissing')}
    </Alert>
  );
}
