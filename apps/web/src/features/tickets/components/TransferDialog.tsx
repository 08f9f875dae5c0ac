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

/** Moves a ticket to another queue, user or connection; a queue without a user leaves it pending. */
export function TransferDialog({ ticket, open, onClose }: TransferDialogProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const queues = useQueueList();
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
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
    const body: UpdateTicketInput = {};
    if (user) body.userId = user.id;
    if (queueId !== '') {
      body.queueId = queueId;
      if (!user) {
        body.status = 'pending';
        body.userId = null;
      }
    }
    if (whatsappId !== '') body.whatsappId = whatsappId;
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

  const nothingChosen = !user && queueId === '' && whatsappId === '';
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
          value={queueId}
          onChange={(event) => setQueueId(event.target.value === '' ? '' : Number(event.target.value))}
        >
          <MenuItem value="">{t('transfer.keep')}</MenuItem>
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
          value={whatsappId}
          onChange={(event) => setWhatsappId(event.target.value === '' ? '' : Number(event.target.value))}
        >
          <MenuItem value="">{t('transfer.keep')}</MenuItem>
          {(connections.data ?? []).map((connection) => (
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
          disabled={nothingChosen}
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
