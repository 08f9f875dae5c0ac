import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  routes,
  type TicketDetailView,
  type UpdateTicketInput,
  type UserView,
  type WhatsappView,
} from '@zapdesk/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callRoute } from '../../../lib/api/client';
import { useQueueList } from '../../queues/api';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { useUpdateTicket } from '../api';

/** Users are searched once at least 3 characters are typed. */
export const USER_SEARCH_MIN_LENGTH = 3;

interface TransferDialogProps {
  ticket: TicketDetailView;
  open: boolean;
  onClose: () => void;
}

/**
 * Moves a ticket to a queue, optionally to a user of it, on a connection (spec 1 section 5: a transfer requires a
 * ticket, a queue and a connection). The connection starts as the ticket's own; a queue without a user leaves the
 * ticket pending there.
 */
export function TransferDialog({ ticket, open, onClose }: TransferDialogProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const queues = useQueueList();
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>(ticket.whatsappId ?? '');
  // Missing fields are pointed out once the agent tries to transfer, not while the form is still being filled.
  const [attempted, setAttempted] = useState(false);
  const [user, setUser] = useState<UserView | null>(null);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const users = useQuery({
    queryKey: ['users', 'transfer', searchParam],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.users.list, { users: UserView[] }>(routes.users.list, {
        query: { searchParam, pageNumber: 1 },
        signal,
      }),
    enabled: open && searchParam.length >= USER_SEARCH_MIN_LENGTH,
  });
  const connections = useQuery({
    queryKey: ['whatsapps', 'transfer'],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.whatsapps.list, WhatsappView[]>(routes.whatsapps.list, { signal }),
    enabled: open,
  });

  const submit = () => {
    setAttempted(true);
    if (queueId === '' || whatsappId === '') return;
    const body: UpdateTicketInput = { queueId, whatsappId };
    if (user) body.userId = user.id;
    else {
      body.status = 'pending';
      body.userId = null;
    }
    update.mutate(
      { id: ticket.id, body },
      {
        onSuccess: () => {
          onClose();
          void navigate('/tickets');
        },
      },
    );
  };

  // Until the list arrives, the ticket's own connection is the only option, so the preset value has a label.
  const connectionOptions = connections.data ?? (ticket.whatsapp ? [ticket.whatsapp] : []);
  const queueMissing = attempted && queueId === '';
  const connectionMissing = attempted && whatsappId === '';
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="transfer-dialog">
      <DialogTitle>{t('transfer.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Autocomplete
          options={searchParam.length >= USER_SEARCH_MIN_LENGTH ? (users.data?.users ?? []) : []}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={user}
          onChange={(_e, value) => setUser(value)}
          onInputChange={(_e, value) => setSearch(value)}
          loading={users.isFetching}
          filterOptions={(options) => options}
          noOptionsText={t('transfer.typeToSearch')}
          renderInput={(params) => <TextField {...params} name="userId" label={t('transfer.user')} />}
        />
        <TextField
          select
          name="queueId"
          label={t('transfer.queue')}
          required
          value={queueId}
          onChange={(event) => setQueueId(Number(event.target.value))}
          error={queueMissing}
          helperText={queueMissing ? t('transfer.queueRequired') : undefined}
        >
          {(queues.data ?? []).map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          name="whatsappId"
          label={t('transfer.connection')}
          required
          value={whatsappId}
          onChange={(event) => setWhatsappId(Number(event.target.value))}
          error={connectionMissing}
          helperText={connectionMissing ? t('transfer.connectionRequired') : undefined}
        >
          {connectionOptions.map((connection) => (
            <MenuItem key={connection.id} value={connection.id}>
              {connection.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('transfer.cancel')}</Button>
        <Button
          variant="contained"
          loading={update.isPending}
          onClick={submit}
          data-testid="transfer-confirm"
        >
          {t('transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
