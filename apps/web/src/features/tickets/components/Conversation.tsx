import { useEffect, useState } from 'react';
import type { MessageView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/ApiError';
import { useCompanyEvent } from '../../../lib/socket/RealtimeContext';
import { toast, toastError } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { MessageInput } from '../../messages/components/MessageInput';
import { MessageList } from '../../messages/components/MessageList';
import { isDeletingTicket, ticketKeys, useTicket } from '../api';
import { isTicketEvent } from '../events';
import { TagEditor } from './TagEditor';
import { TicketHeader } from './TicketHeader';
import { TicketPeekBar } from './TicketPeekBar';
import { useCan } from '../../auth/can';

/** One ticket's chat: header with actions, messages and the input (disabled while the ticket is closed). */
export function Conversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const mayPeek = useCan('tickets.peek');
  const { data: ticket, error } = useTicket(uuid);
  const [replyingTo, setReplyingTo] = useState<MessageView | null>(null);

  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 403) toast.error(t('toasts.unauthorized'));
    else toastError(error);
    void navigate('/tickets', { replace: true });
  }, [error, navigate, t]);

  useEffect(() => setReplyingTo(null), [uuid]);

  // A status change also sends `delete` to the old status rooms, so ask the server whether it still exists;
  // not when this browser deleted it (the answer would be a 404 for a ticket we know is gone).
  useCompanyEvent('ticket', (payload) => {
    if (
      isTicketEvent(payload) &&
      payload.action === 'delete' &&
      payload.ticketId === ticket?.id &&
      !isDeletingTicket(queryClient, ticket.id)
    ) {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(uuid) });
    }
  });

  // Spec 1 section 6: an admin may look into another agent's ticket, read-only (server-behaviour 6.1: the
  // peek does not clear its unread count).
  const peeking = mayPeek && ticket !== undefined && ticket.userId !== null && ticket.userId !== me.id;

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}
      data-testid="conversation"
    >
      {!ticket ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <>
          <TicketHeader ticket={ticket} readOnly={peeking} />
          {!peeking && <TagEditor ticket={ticket} />}
          <MessageList key={ticket.id} ticketId={ticket.id} onReply={peeking ? undefined : setReplyingTo} />
          {peeking ? (
            <TicketPeekBar ownerName={ticket.user?.name ?? ''} />
          ) : (
            <MessageInput
              key={`input-${ticket.id}`}
              ticketId={ticket.id}
              disabled={ticket.status === 'closed'}
              replyingTo={replyingTo}
              onCancelReply={() => setReplyingTo(null)}
            />
          )}
        </>
      )}
    </Paper>
  );
}
