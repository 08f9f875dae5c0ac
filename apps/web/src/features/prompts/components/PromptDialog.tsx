import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PromptInput, promptDefaults, promptModels, type PromptView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { PasswordField } from '../../../components/form/PasswordField';
import { useQueueOptions } from '../../connections/api';
import { contractResolver } from '../../queues/formResolver';
import { useSavePrompt } from '../api';

interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: string;
  model: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
}

const resolver = contractResolver<PromptFormValues, typeof PromptInput>(PromptInput);

/** Spec 2 section 9's defaults for a new prompt; a saved one shows its masked key. */
const formValues = (prompt: PromptView | undefined): PromptFormValues => ({
  name: prompt?.name ?? '',
  apiKey: prompt?.apiKey ?? '',
  prompt: prompt?.prompt ?? '',
  queueId: String(prompt?.queueId ?? promptDefaults.queueId),
  model: prompt?.model ?? promptDefaults.model,
  temperature: String(prompt?.temperature ?? promptDefaults.temperature),
  maxTokens: String(prompt?.maxTokens ?? promptDefaults.maxTokens),
  maxMessages: String(prompt?.maxMessages ?? promptDefaults.maxMessages),
});

/** Add (no prompt) or edit an AI prompt; the page mounts a fresh one with each opening. */
export function PromptDialog({
  open,
  prompt,
  onClose,
}: {
  open: boolean;
  prompt: PromptView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('prompts');
  const save = useSavePrompt();
  const queues = useQueueOptions(open);
  const { form, dialog } = useEntityDialog({
    resolver,
    values: formValues(prompt),
    save: (body) => save.mutateAsync({ id: prompt?.id, body }),
    savedMessage: t('toasts.saved'),
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title={prompt ? t('dialog.editTitle') : t('dialog.addTitle')}
      submitLabel={prompt ? t('dialog.save') : t('dialog.add')}
      {...dialog}
      testId="prompt-dialog"
      submitTestId="prompt-save"
    >
      <FormTextField control={form.control} name="name" label={t('dialog.name')} required autoFocus />
      <PasswordField
        control={form.control}
        name="apiKey"
        label={t('dialog.apiKey')}
        required
        autoComplete="off"
      />
      <FormTextField
        control={form.control}
        name="prompt"
        label={t('dialog.prompt')}
        required
        multiline
        rows={10}
      />
      <FormTextField control={form.control} name="queueId" label={t('dialog.queue')} select>
        <MenuItem value="0">{t('dialog.noQueue')}</MenuItem>
        {(queues.data ?? []).map((queue) => (
          <MenuItem key={queue.id} value={String(queue.id)}>
            {queue.name}
          </MenuItem>
        ))}
      </FormTextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <FormTextField control={form.control} name="model" label={t('dialog.model')} select required>
          {promptModels.map((model) => (
            <MenuItem key={model} value={model}>
              {t(`models.${model}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="temperature"
          label={t('dialog.temperature')}
          type="number"
          required
          slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <FormTextField
          control={form.control}
          name="maxTokens"
          label={t('dialog.maxTokens')}
          type="number"
          required
        />
        <FormTextField
          control={form.control}
          name="maxMessages"
          label={t('dialog.maxMessages')}
          type="number"
          required
        />
      </Stack>
    </FormDialog>
  );
}
