import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogflowLanguages, type IntegrationType, type QueueIntegrationInput } from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';

/** The dialog's inputs, all text (numbers are parsed by the contract). */
export interface IntegrationFormValues {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  typebotDelayMessage: string;
}

/** The fields of one type (spec 2 section 2): Dialogflow's credentials, or the URL (and Typebot's settings). */
export function IntegrationFields({
  control,
  type,
}: {
  control: Control<IntegrationFormValues, unknown, QueueIntegrationInput>;
  type: IntegrationType;
}) {
  const { t } = useTranslation('queueIntegrations');
  const text = (name: keyof IntegrationFormValues, required = false) => (
    <FormTextField control={control} name={name} label={t(`dialog.${name}`)} required={required} />
  );
  if (type === 'dialogflow') {
    return (
      <>
        <FormTextField control={control} name="language" label={t('dialog.language')} select required>
          {dialogflowLanguages.map((language) => (
            <MenuItem key={language} value={language}>
              {language}
            </MenuItem>
          ))}
        </FormTextField>
        {text('projectName', true)}
        <FormTextField
          control={control}
          name="jsonContent"
          label={t('dialog.jsonContent')}
          multiline
          rows={5}
          required
        />
      </>
    );
  }
  if (type !== 'typebot') return text('urlN8N', true);
  return (
    <>
      {text('urlN8N', true)}
      {text('typebotSlug', true)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <FormTextField
          control={control}
          name="typebotExpires"
          label={t('dialog.typebotExpires')}
          type="number"
        />
        <FormTextField
          control={control}
          name="typebotDelayMessage"
          label={t('dialog.typebotDelayMessage')}
          type="number"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        {text('typebotKeywordFinish')}
        {text('typebotKeywordRestart')}
      </Stack>
      {text('typebotUnknownMessage')}
      {text('typebotRestartMessage')}
    </>
  );
}
