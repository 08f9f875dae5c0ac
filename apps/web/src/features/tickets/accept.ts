import { routes, type TicketView } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api/client';
import { toastError } from '../../lib/toast';
import { useCurrentUser } from '../auth/sessionContext';
import { useUpdateTicket } from './api';

/** The company setting that makes accepting a ticket greet the customer (server-behaviour 14.4). */
export const GREETING_SETTING = 'sendGreetingAccepted';

/**
 * Accept: PUT status open with the caller as owner, then, when the company enabled it and the ticket is not
 * a group, the greeting the client posts as a normal message (server-behaviour 5.4). The server renders
 * `{{ms}}` and `{{name}}` in it.
 */
export function useAcceptTicket() {
  const { t } = useTranslation('tickets');
  const me = useCurrentUser();
  const update = useUpdateTicket();
  const greet = me.company.settings.some((s) => s.key === GREETING_SETTING && s.value === 'enabled');
  const accept = (
    ticket: Pick<TicketView, 'id' | 'isGroup'>,
    done: { onSuccess?: () => void; onSettled?: () => void } = {},
  ) =>
    update.mutate(
      { id: ticket.id, body: { status: 'open', userId: me.id } },
      {
        onSuccess: () => {
          if (greet && !ticket.isGroup) {
            const body = t('greetingAccepted', { ms: '{{ms}}', contact: '{{name}}', user: me.name });
            // A failed greeting does not undo the accept; it is only shown.
            void callRoute(routes.messages.send, { params: { ticketId: ticket.id }, body: { body } }).catch(
              toastError,
            );
          }
          done.onSuccess?.();
        },
        onSettled: () => done.onSettled?.(),
      },
    );
  return {
    accept,
    isPending: update.isPending,
    acceptingId: update.isPending ? update.variables?.id : undefined,
  };
}
