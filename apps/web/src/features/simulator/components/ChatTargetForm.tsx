import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { WhatsappView } from '@zapdesk/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { ChatTargetInput, type ChatTarget, type ChatTargetForm as FormValues } from '../schemas';

/** Which simulator connection the customer writes to, and who the customer is. */
export function ChatTargetForm({
  connections,
  initial,
  onOpen,
}: {
  connections: WhatsappView[];
  initial: ChatTarget | null;
  onOpen: (target: ChatTarget) => void;
}) {
  const { t } = useTranslation(['simulator', 'connections']);
  const firstConnected = connections.find((connection) => connection.status === 'CONNECTED');
  const form = useForm<FormValues, unknown, ChatTarget>({
    resolver: zodResolver(ChatTargetInput),
    defaultValues: {
      whatsappId: String(initial?.whatsappId ?? firstConnected?.id ?? ''),
      from: initial?.from ?? '',
      name: initial?.name ?? '',
    },
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void form.handleSubmit(onOpen)(event)}>
      <FormTextField
        control={form.control}
        name="whatsappId"
        label={t('target.connection')}
        select
        required
        slotProps={{ select: { native: true } }}
      >
        <option value="">{t('target.chooseConnection')}</option>
        {connections.map((connection) => (
          <option
            key={connection.id}
            value={String(connection.id)}
            disabled={connection.status !== 'CONNECTED'}
          >
            {t('target.connectionOption', {
              name: connection.name,
              status: t(`connections:status.${connection.status}`),
            })}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        control={form.control}
        name="from"
        label={t('target.phone')}
        helperText={t('target.phoneHelp')}
        inputMode="tel"
        autoComplete="off"
        required
      />
      <FormTextField control={form.control} name="name" label={t('target.name')} autoComplete="off" />
      <Button type="submit" variant="contained" fullWidth sx={{ mt: 1 }} data-testid="simulator-open">
        {t('target.open')}
      </Button>
    </Box>
  );
}
