import type { TicketView, UpdateTicketInput } from '@zapdesk/contracts';
import type { Actor } from '../../../platform/auth/actor';
import type { TenantScope } from '../../../platform/tenancy';
import { refuseTicketTakenByOther } from '../ticket-conflicts';
import { changeTicket, type TicketChange } from '../ticket-transitions';
import type { TicketsEnv } from '../ticket-messages.port';
import { loadTicketView } from '../tickets.presenter';
import { getVisibleTicket } from '../tickets.repository';
import { checkTicketReferences } from './ticket-references';

/** PUT /tickets/:id (server-behaviour 5.4): visibility-checked; only the fields sent change, in one transaction. */
export function updateTicket(
  env: TicketsEnv,
  actor: Actor,
  scope: TenantScope,
  id: number,
  input: UpdateTicketInput,
): Promise<TicketView> {
  return scope.run(async (tx) => {
    const before = await getVisibleTicket(tx, actor, id, { forUpdate: true });
    await checkTicketReferences(tx, input);
    const change: TicketChange = {};
    if (input.status !== undefined) change.status = input.status;
    if (input.userId !== undefined) change.userId = input.userId;
    if (input.queueId !== undefined) change.queueId = input.queueId;
    if (input.whatsappId) change.whatsappId = input.whatsappId;
    if (input.useIntegration !== undefined) change.useIntegration = input.useIntegration;
    if (input.promptId !== undefined) change.promptId = input.promptId;
    if (input.integrationId !== undefined) change.integrationId = input.integrationId;
    // An open ticket always has an agent: accepting or reopening without naming one makes the caller the owner.
    const noAgentNamed = input.userId === null || (input.userId === undefined && before.status !== 'open');
    if (input.status === 'open' && noAgentNamed) change.userId = actor.userId;
    // An accept (open for the caller) decided on the locked row: a concurrent accept that committed first wins.
    if (input.status === 'open' && change.userId === actor.userId)
      refuseTicketTakenByOther(before, actor.userId);
    const ticket = await changeTicket(tx, env, before, change);
    return loadTicketView(tx, env.ctx.config.frontendUrl, ticket.id);
  });
}
