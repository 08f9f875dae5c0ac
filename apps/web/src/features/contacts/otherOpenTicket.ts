import { OtherOpenTicket } from '@zapdesk/contracts';
import { isApiError } from '../../lib/api/ApiError';

/** The ticket holding the contact when POST /tickets answered ERR_OTHER_OPEN_TICKET; null otherwise. */
export function otherOpenTicket(error: unknown): OtherOpenTicket | null {
  if (!isApiError(error) || error.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('ticket' in body)) return null;
  const parsed = OtherOpenTicket.safeParse(body.ticket);
  return parsed.success ? parsed.data : null;
}
