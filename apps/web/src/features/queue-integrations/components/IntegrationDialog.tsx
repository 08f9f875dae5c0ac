import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  integrationTypes,
  QueueIntegrationInput,
  typebotDefaults,
  type QueueIntegrationView,
} from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { isApiError } from '../../../lib/api/ApiError';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../../queues/formResolver';
import { useSaveIntegration, useTestSession } from '../api';
import { IntegrationFields, type IntegrationFormValues } from './IntegrationFields';

const resolver = contractResolver<IntegrationFormValues, typeof QueueIntegrationInput>(QueueIntegrationInput);

const formValues = (integration: QueueIntegrationView | undefined): IntegrationFormValues => ({
  type: integration?.type ?? 'typebot',
  name: integration?.name ?? '',
  projectName: integration?.projectName ?? '',
  jsonContent: integration?.jsonContent ?? '',
  language: integration?.language || 'pt-BR',
  urlN8N: integration?.urlN8N ?? '',
  typebotSlug: integration?.typebotSlug ?? '',
  typebotExpires: String(integration?.typebotExpires ?? typebotDefaults.typebotExpires),
  typebotKeywordFinish: integration?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: integration?.typebotKeywordRestart ?? '',
  typebotUnknownMessage: integration?.typebotUnknownMessage ?? '',
  typebotRestartMessage: integration?.typebotRestartMessage ?? '',
  typebotDelayMessage: String(integration?.typebotDelayMessage ?? typebotDefaults.typebotDelayMessage),
});

/** The provider's words when the server passed them on, else the error's code. */
function failureText(error: unknown): string {
  if (isApiError(error)) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : (error.code ?? error.message);
  }
  return String(error);
}

/** Add (no integration) or edit a queue integration; the page mounts a fresh one with each opening. */
export function IntegrationDialog({
  open,
  integration,
  onClose,
}: {
  open: boolean;
  integration: QueueIntegrationView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('queueIntegrations');
  const save = useSaveIntegration();
  const test = useTestSession();
  const { form, dialog } = useEntityDialog({
    resolver,
    values: formValues(integration),
    save: (body) => save.mutateAsync({ id: integration?.id, body }),
    savedMessage: integration ? t('toasts.edited') : t('toasts.added'),
    onClose,
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const runTest = () => {
    const { projectName, jsonContent, language } = form.getValues();
    test.mutate(
      {
        projectName,
        jsonContent,
        language: language as 'pt-BR',
        ...(integration ? { id: integration.id } : {}),
      },
      {
        onSuccess: () => toast.success(t('toasts.testSucceeded')),
        onError: (error) => toast.error(t('toasts.testFailed', { reason: failureText(error) })),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title={integration ? t('dialog.editTitle') : t('dialog.addTitle')}
      submitLabel={integration ? t('dialog.save') : t('dialog.add')}
      {...dialog}
      testId="integration-dialog"
      submitTestId="integration-save"
      extraActions={
        type === 'dialogflow' && (
          <Button onClick={runTest} loading={test.isPending} data-testid="integration-test">
            {t('dialog.test')}
          </Button>
        )
      }
    >
      <FormTextField control={form.control} name="type" label={t('dialog.type')} select required>
        {integrationTypes.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`types.${value}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={form.control} name="name" label={t('dialog.name')} required autoFocus />
      <IntegrationFields control={form.control} type={type} />
    </FormDialog>
  );
}
