import { useQueryClient } from '@tanstack/react-query';
import type { PaymentEvent } from '@zapdesk/contracts';
import { writeItem, storageKeys } from '../../lib/session/storage';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useSession } from '../auth/sessionContext';
import { invoiceKeys } from './api';

export function isPaymentEvent(payload: unknown): payload is PaymentEvent {
  if (typeof payload !== 'object' || payload === null) return false;
  if (!('action' in payload) || payload.action !== 'CONCLUIDA' || !('company' in payload)) return false;
  const { company } = payload;
  return typeof company === 'object' && company !== null && 'dueDate' in company;
}

/**
 * `company-{id}-payment` on every page: the session's due date (the top bar's active-until date) moves to the
 * paid one, and the invoices are read again.
 */
export function usePaymentLive(): void {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  useCompanyEvent('payment', (payload) => {
    if (!isPaymentEvent(payload)) return;
    const { dueDate } = payload.company;
    updateUser((user) => ({ company: { ...user.company, dueDate } }));
    if (dueDate) writeItem(storageKeys.companyDueDate, dueDate);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  });
}
