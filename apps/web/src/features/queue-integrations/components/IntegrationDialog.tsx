import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  integrationTypes,
  QueueIntegrationInput,
  typebotDefaults,
  type QueueIntegrationView,
} from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';
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

function IntegrationForm({
  integration,
  onClose,
}: {
  integration: QueueIntegrationView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('queueIntegrations');
  const { t: tc } = useTranslation();
  const save = useSaveIntegration();
  const test = useTestSession();
  const form = useForm<IntegrationFormValues, unknown, QueueIntegrationInput>({
    resolver,
    defaultValues: formValues(integration),
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: integration?.id, body: values },
      {
        onSuccess: () => {
          toast.success(integration ? t('toasts.edited') : t('toasts.added'));
          onClose();
        },
      },
    ),
  );

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
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle>{integration ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <FormTextField control={form.control} name="type" label={t('dialog.type')} select required>
          {integrationTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`types.${value}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={form.control} name="name" label={t('dialog.name')} required autoFocus />
        <IntegrationFields control={form.control} type={type} />
      </DialogContent>
      <DialogActions>
        {type === 'dialogflow' && (
          <Button onClick={runTest} loading={test.isPending} data-testid="integration-test">
            {t('dialog.test')}
          </Button>
        )}
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="integration-save">
          {integration ? t('dialog.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add (no integration) or edit a queue integration; closing unmounts the form, which resets it. */
export function IntegrationDialog({
  open,
  integration,
  onClose,
}: {
  open: boolean;
  integration: QueueIntegrationView | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="integration-dialog">
      {open && <IntegrationForm integration={integration} onClose={onClose} />}
    </Dialog>
  );
}
