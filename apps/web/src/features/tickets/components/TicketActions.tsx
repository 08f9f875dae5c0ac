import { useState } from 'react';
import type { TicketDetailView, UpdateTicketInput } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/sessionContext';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAcceptTicket } from '../accept';
import { useDeleteTicket, useUpdateTicket } from '../api';
import { ScheduleContactButton } from '../../schedules/components/ScheduleContactButton';
import { TransferDialog } from './TransferDialog';
import { useCan } from '../../auth/can';

type Action = 'accept' | 'return' | 'resolve' | 'reopen';

/**
 * The transitions of spec 1 section 4 offered for the ticket's status, plus delete for admins; a read-only
 * peek offers only delete.
 */
export function TicketActions({ ticket, readOnly }: { ticket: TicketDetailView; readOnly: boolean }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const mayDelete = useCan('tickets.delete');
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const { accept } = useAcceptTicket();
  const [confirming, setConfirming] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [running, setRunning] = useState<Action | null>(null);

  const run = (action: Action, body: UpdateTicketInput, after?: () => void) => {
    setRunning(action);
    if (action === 'accept') {
      accept(ticket, { onSettled: () => setRunning(null) });
      return;
    }
    update.mutate({ id: ticket.id, body }, { onSuccess: () => after?.(), onSettled: () => setRunning(null) });
  };
  const toList = () => void navigate('/tickets');

  const button = (
    action: Action,
    body: UpdateTicketInput,
    variant: 'contained' | 'outlined',
    after?: () => void,
  ) => (
    <Button
      size="small"
      variant={variant}
      loading={running === action}
      disabled={running !== null && running !== action}
      onClick={() => run(action, body, after)}
      data-testid={`ticket-${action}`}
    >
      {t(`actions.${action}`)}
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {!readOnly &&
        ticket.status === 'pending' &&
        button('accept', { status: 'open', userId: me.id }, 'contained')}
      {!readOnly &&
        ticket.status === 'open' &&
        button('return', { status: 'pending', userId: null }, 'outlined', toList)}
      {!readOnly &&
        ticket.status !== 'closed' &&
        button(
          'resolve',
          { status: 'closed', userId: ticket.userId ?? me.id, queueId: ticket.queueId },
          'contained',
          toList,
        )}
      {!readOnly &&
        ticket.status === 'closed' &&
        button('reopen', { status: 'open', userId: me.id, queueId: ticket.queueId }, 'contained')}
      {!readOnly && ticket.status !== 'closed' && (
        <Tooltip title={t('actions.transfer')}>
          <IconButton
            onClick={() => setTransferring(true)}
            data-testid="ticket-transfer"
            aria-label={t('actions.transfer')}
          >
            <SwapHoriz />
          </IconButton>
        </Tooltip>
      )}
      {!readOnly && <ScheduleContactButton contact={ticket.contact} variant="icon" />}
      {transferring && <TransferDialog ticket={ticket} open onClose={() => setTransferring(false)} />}
      {mayDelete && (
        <Tooltip title={t('actions.delete')}>
          <IconButton
            onClick={() => setConfirming(true)}
            data-testid="ticket-delete"
            aria-label={t('actions.delete')}
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('deleteDialog.title', { id: ticket.id })}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(ticket.id, {
            onSuccess: () => {
              setConfirming(false);
              toList();
            },
          })
        }
      >
        {t('deleteDialog.text')}
      </ConfirmDialog>
    </Box>
  );
}
