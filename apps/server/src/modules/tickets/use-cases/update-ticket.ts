import type { TicketView, UpdateTicketInput } from '@zapdesk/contracts';
import type { Actor } from '../../../platform/auth/actor';
import type { TenantScope, TenantTx } from '../../../platform/tenancy';
import { refuseTicketTakenByOther } from '../ticket-conflicts';
import type { TicketsEnv } from '../ticket-messages.port';
import {
  acceptTicket,
  reopenTicket,
  resolveTicket,
  returnTicket,
  transferTicket,
  type TicketFields,
  type TicketFieldsBesidesAgent,
} from '../ticket-verbs';
import { loadTicketView } from '../tickets.presenter';
import { getVisibleTicket, type TicketRow } from '../tickets.repository';
import { checkTicketReferences } from './ticket-references';

/** What a PUT /tickets/:id body asks for, as one of the ticket verbs. */
export type TicketVerb =
  | { verb: 'accept' | 'reopen'; userId: number; also: TicketFieldsBesidesAgent }
  | { verb: 'return'; also: TicketFieldsBesidesAgent }
  | { verb: 'resolve'; also: TicketFields }
  | { verb: 'transfer'; to: TicketFields };

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
    const asked = verbOf(before, input, actor.userId);
    // An accept (open for the caller) decided on the locked row: a concurrent accept that committed first wins.
    if ((asked.verb === 'accept' || asked.verb === 'reopen') && asked.userId === actor.userId)
      refuseTicketTakenByOther(before, actor.userId);
    const ticket = await apply(tx, env, before, asked);
    return loadTicketView(tx, env.ctx.config.frontendUrl, ticket.id);
  });
}

/**
 * The verb a body names: its status picks it (none: a transfer; `open` of a closed ticket: a reopen), the other
 * fields it sends ride along.
 */
export function verbOf(before: TicketRow, input: UpdateTicketInput, callerId: number): TicketVerb {
  const { userId, ...besidesAgent } = fieldsOf(input);
  switch (input.status) {
    case undefined:
      return { verb: 'transfer', to: fieldsOf(input) };
    case 'closed':
      return { verb: 'resolve', also: fieldsOf(input) };
    case 'pending':
      return { verb: 'return', also: besidesAgent };
    case 'open': {
      const owner = ownerOf(before, userId, callerId);
      return { verb: before.status === 'closed' ? 'reopen' : 'accept', userId: owner, also: besidesAgent };
    }
  }
}

/**
 * An open ticket always has an agent: accepting or reopening without naming one (or naming nobody) makes the caller
 * the owner; leaving the agent out of a request for an already open ticket keeps its owner.
 */
function ownerOf(before: TicketRow, named: number | null | undefined, callerId: number): number {
  if (typeof named === 'number') return named;
  if (named === undefined && before.status === 'open' && before.userId !== null) return before.userId;
  return callerId;
}

/** The fields the body sends (a connection only when it names one). */
function fieldsOf(input: UpdateTicketInput): TicketFields {
  const fields: TicketFields = {};
  if (input.userId !== undefined) fields.userId = input.userId;
  if (input.queueId !== undefined) fields.queueId = input.queueId;
  if (input.whatsappId) fields.whatsappId = input.whatsappId;
  if (input.useIntegration !== undefined) fields.useIntegration = input.useIntegration;
  if (input.promptId !== undefined) fields.promptId = input.promptId;
  if (input.integrationId !== undefined) fields.integrationId = input.integrationId;
  return fields;
}

function apply(tx: TenantTx, env: TicketsEnv, before: TicketRow, asked: TicketVerb): Promise<TicketRow> {
  switch (asked.verb) {
    case 'accept':
      return acceptTicket(tx, env, before, asked.userId, asked.also);
    case 'reopen':
      return reopenTicket(tx, env, before, asked.userId, asked.also);
    case 'return':
      return returnTicket(tx, env, before, asked.also);
    case 'resolve':
      return resolveTicket(tx, env, before, { rating: true, completion: true }, asked.also);
    case 'transfer':
      return transferTicket(tx, env, before, asked.to);
  }
}
