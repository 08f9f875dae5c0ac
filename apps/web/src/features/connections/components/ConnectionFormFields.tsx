import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { cloudCredentialKeys, type ProviderKindValue } from '@zapdesk/contracts';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import type { NamedOption } from '../api';
import type { ConnectionFormControl } from '../schemas';
import type { QueueView } from '@zapdesk/contracts';
import { QueueMultiSelect } from './QueueMultiSelect';
import { TokenField } from './TokenField';

export interface ConnectionFormOptions {
  providers: ProviderKindValue[];
  queues: QueueView[];
  prompts: NamedOption[];
  integrations: NamedOption[];
}

const twoColumns = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function DefaultSwitch({ control }: { control: ConnectionFormControl }) {
  const { t } = useTranslation('connections');
  const { field } = useController({ control, name: 'isDefault' });
  return (
    <FormControlLabel
      label={t('form.default')}
      control={
        <Switch
          name="isDefault"
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          inputRef={field.ref}
        />
      }
    />
  );
}

/** Every field of the connection form, grouped. */
export function ConnectionFormFields({
  control,
  editing,
  credentialsConfigured,
  options,
}: {
  control: ConnectionFormControl;
  editing: boolean;
  credentialsConfigured: boolean;
  options: ConnectionFormOptions;
}) {
  const { t } = useTranslation('connections');
  const provider = useWatch({ control, name: 'provider' });
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  const message = (
    name:
      | 'greetingMessage'
      | 'complationMessage'
      | 'outOfHoursMessage'
      | 'ratingMessage'
      | 'expiresInactiveMessage',
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`form.${name}`)}
      multiline
      minRows={2}
      maxRows={6}
    />
  );
  const count = (name: 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues' | 'timeToTransfer') => (
    <FormTextField
      control={control}
      name={name}
      type="number"
      label={t(`form.${name}`)}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
    />
  );

  return (
    <>
      <Box sx={{ ...twoColumns, alignItems: 'center' }}>
        <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
        <FormTextField control={control} name="provider" label={t('form.provider')} select slotProps={native}>
          {options.providers.map((kind) => (
            <option key={kind} value={kind}>
              {t(`providers.${kind}`)}
            </option>
          ))}
        </FormTextField>
      </Box>
      <DefaultSwitch control={control} />

      {provider === 'cloud' && (
        <Section title={t('form.cloudSection')}>
          <Typography variant="body2" color="text.secondary">
            {editing && credentialsConfigured ? t('form.cloudKeep') : t('form.cloudHelp')}
          </Typography>
          <Box sx={twoColumns}>
            {cloudCredentialKeys.map((key) => (
              <FormTextField
                key={key}
                control={control}
                name={key}
                label={t(`form.${key}`)}
                type={key === 'phoneNumberId' ? 'text' : 'password'}
                autoComplete="off"
              />
            ))}
          </Box>
        </Section>
      )}

      <Section title={t('form.messagesSection')}>
        {message('greetingMessage')}
        {message('complationMessage')}
        {message('outOfHoursMessage')}
        {message('ratingMessage')}
        {message('expiresInactiveMessage')}
      </Section>

      <Section title={t('form.queuesSection')}>
        <QueueMultiSelect control={control} queues={options.queues} />
        <Box sx={twoColumns}>
          <FormTextField
            control={control}
            name="transferQueueId"
            label={t('form.transferQueueId')}
            select
            slotProps={native}
          >
            <option value="">{t('form.none')}</option>
            {options.queues.map((queue) => (
              <option key={queue.id} value={String(queue.id)}>
                {queue.name}
              </option>
            ))}
          </FormTextField>
          {count('timeToTransfer')}
          <FormTextField
            control={control}
            name="promptId"
            label={t('form.promptId')}
            select
            slotProps={native}
          >
            <option value="">{t('form.none')}</option>
            {options.prompts.map((prompt) => (
              <option key={prompt.id} value={String(prompt.id)}>
                {prompt.name}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="integrationId"
            label={t('form.integrationId')}
            select
            slotProps={native}
          >
            <option value="">{t('form.none')}</option>
            {options.integrations.map((integration) => (
              <option key={integration.id} value={String(integration.id)}>
                {integration.name}
              </option>
            ))}
          </FormTextField>
          {count('timeUseBotQueues')}
          {count('maxUseBotQueues')}
          {count('expiresTicket')}
        </Box>
      </Section>

      {editing && (
        <Section title={t('form.apiSection')}>
          <TokenField control={control} />
        </Section>
      )}
    </>
  );
}
