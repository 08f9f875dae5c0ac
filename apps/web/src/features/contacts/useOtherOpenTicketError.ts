import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast, toastError } from '../../lib/toast';
import { useCurrentUser } from '../auth/sessionContext';
import { otherOpenTicket } from './otherOpenTicket';

/**
 * The error handler of a refused POST /tickets: when the caller already holds the contact's ticket it opens,
 * when someone else does the toast names that user and queue; any other error toasts as usual.
 */
export function useOtherOpenTicketError(): (error: unknown) => void {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const me = useCurrentUser();
  return (error) => {
    const holder = otherOpenTicket(error);
    if (!holder) {
      toastError(error);
      return;
    }
    if (holder.userId === me.id) {
      void navigate(`/tickets/${holder.uuid}`);
      return;
    }
    toast.error(
      t('otherOpenTicket', {
        user: holder.user?.name ?? t('noUser'),
        queue: holder.queue?.name ?? t('noQueue'),
      }),
    );
  };
}
