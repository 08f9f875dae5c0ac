import type { MessageRow } from '../../modules/messages/messages.repository';
import type { TicketRow } from '../../modules/tickets';
import type { InboundEnv } from './inbound-env';

/**
 * The extension point after a customer's message is stored (server-behaviour 7.2 steps 8–15: campaign
 * confirmation, agent ownership, "#", hours, bots, menus, queue options). It runs inside the chat's serialised
 * transaction, for customer messages of non-group tickets only (groups get no automation). The tickets issue
 * fills it in; until then it does nothing.
 */
export async function afterInboundStored(
  _env: InboundEnv,
  _ticket: TicketRow,
  _message: MessageRow,
): Promise<void> {}
