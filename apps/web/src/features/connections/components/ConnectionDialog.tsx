import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { providerKinds } from '@zapdesk/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/ApiError';
import { toast, toastError } from '../../../lib/toast';
import { useSimulatorAvailable } from '../../simulator/availability';
import {
  useConnection,
  useIntegrationOptions,
  usePromptOptions,
  useQueueOptions,
  useSaveConnection,
} from '../api';
import {
  connectionResolver,
  emptyConnectionForm,
  toFormValues,
  type ConnectionFormValues,
  type ConnectionPayload,
} from '../schemas';
import { ConnectionFormFields } from './ConnectionFormFields';

/** Field errors the server sent with ERR_VALIDATION, by field name. */
function serverFieldErrors(error: unknown): [string, string][] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return [];
  const fields = 'fields' in error.body ? error.body.fields : undefined;
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

const isFormField = (name: string): name is keyof ConnectionFormValues => name in emptyConnectionForm;

/** Adds a connection (no id) or edits one (with its id); the form is emptied whenever it closes. */
export function ConnectionDialog({
  open,
  connectionId,
  onClose,
}: {
  open: boolean;
  connectionId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('connections');
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const editing = connectionId !== null;
  const stored = useConnection(open ? connectionId : null);
  const queues = useQueueOptions(open);
  const prompts = usePromptOptions(open);
  const integrations = useIntegrationOptions(open);
  const simulator = useSimulatorAvailable(open);
  const save = useSaveConnection(connectionId);
  const form = useForm<ConnectionFormValues, unknown, ConnectionPayload>({
    resolver: connectionResolver(editing),
    defaultValues: emptyConnectionForm,
  });

  // The stored values fill the form once per opening; later refetches must not undo the user's edits.
  const filledFor = useRef<number | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (!open) {
      filledFor.current = null;
      return;
    }
    if (stored.data && filledFor.current !== stored.data.id) {
      filledFor.current = stored.data.id;
      reset(toFormValues(stored.data));
    }
  }, [open, stored.data, reset]);

  const close = () => {
    form.reset(emptyConnectionForm);
    save.reset();
    onClose();
  };

  const currentProvider = stored.data?.provider;
  const providers = providerKinds.filter(
    (kind) => kind !== 'simulator' || simulator.data === true || currentProvider === 'simulator',
  );

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('toasts.saved'));
        close();
      },
      onError: (error) => {
        for (const [name, message] of serverFieldErrors(error)) {
          if (isFormField(name)) form.setError(name, { message });
        }
        toastError(error);
      },
    }),
  );

  const loading = editing && !stored.data;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={fullScreen} scroll="paper">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'contents' }}
        data-testid="connection-form"
      >
        <DialogTitle>{editing ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent dividers>
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress />
            </Box>
          ) : (
            <ConnectionFormFields
              control={form.control}
              editing={editing}
              credentialsConfigured={stored.data?.provider === 'cloud' && stored.data.credentialsConfigured}
              options={{
                providers,
                queues: queues.data ?? [],
                prompts: prompts.data ?? [],
                integrations: integrations.data ?? [],
              }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={loading}>
            {editing ? t('form.save') : t('form.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
