import type { Selectable } from 'kysely';
import type { ContactRow } from '../../../modules/contacts';
import { findPrompt, type PromptRow } from '../../../modules/prompts';
import { findIntegration, type IntegrationRow } from '../../../modules/queue-integrations';
import type { TicketRow } from '../../../modules/tickets';
import type { MessagesTable } from '../../../platform/db/schema';
import type { TenantTx } from '../../../platform/tenancy';
import { loadPlanFlags, planAllows } from '../bot-data';
import type { BotTurnRow } from './bot-turns.repository';

export type TurnMessage = Pick<
  Selectable<MessagesTable>,
  'id' | 'wid' | 'body' | 'mediaType' | 'mediaPath' | 'transcription' | 'trackingId' | 'data' | 'createdAt'
>;

/** Everything a provider call needs, read in one short transaction before the (slow) call. */
export interface TurnInput {
  ticket: TicketRow;
  contact: ContactRow;
  message: TurnMessage;
  bot: { kind: 'prompt'; prompt: PromptRow } | { kind: 'integration'; integration: IntegrationRow };
}

/** Kinds of messages whose body is the customer's (or our) words. */
export const TEXT_TYPES = [
  'conversation',
  'extendedTextMessage',
  'buttonsResponseMessage',
  'listResponseMessage',
];

/** True while the turn's bot still holds the ticket: no agent, bot on, same prompt or integration. */
export function botHolds(ticket: TicketRow, turn: Pick<BotTurnRow, 'promptId' | 'integrationId'>): boolean {
  return (
    ticket.userId === null &&
    ticket.status !== 'closed' &&
    ticket.useIntegration &&
    (turn.promptId !== null ? ticket.promptId === turn.promptId : ticket.integrationId === turn.integrationId)
  );
}

/**
 * The turn's ticket, message and bot; undefined when the bot no longer holds the ticket (nothing to do), and
 * `refused` when the company's plan no longer lets this bot answer (the ticket goes to people).
 */
export async function loadTurnInput(
  tx: TenantTx,
  turn: BotTurnRow,
): Promise<TurnInput | 'refused' | undefined> {
  const ticket = await tx
    .selectFrom('tickets')
    .where('id', '=', turn.ticketId)
    .selectAll()
    .executeTakeFirst();
  if (!ticket || !botHolds(ticket, turn)) return undefined;
  if (!planAllows(await loadPlanFlags(tx), turn)) return 'refused';
  const message = await tx
    .selectFrom('messages')
    .where('id', '=', turn.messageId)
    .select([
      'id',
      'wid',
      'body',
      'mediaType',
      'mediaPath',
      'transcription',
      'trackingId',
      'data',
      'createdAt',
    ])
    .executeTakeFirst();
  const contact = await tx
    .selectFrom('contacts')
    .where('id', '=', ticket.contactId)
    .selectAll()
    .executeTakeFirst();
  if (!message || !contact) return undefined;
  if (turn.promptId !== null) {
    const prompt = await findPrompt(tx, turn.promptId);
    return prompt ? { ticket, contact, message, bot: { kind: 'prompt', prompt } } : undefined;
  }
  const integration = turn.integrationId === null ? undefined : await findIntegration(tx, turn.integrationId);
  return integration ? { ticket, contact, message, bot: { kind: 'integration', integration } } : undefined;
}

/** The last `limit` text messages of the cycle besides `message`, oldest first (transcribed audio counts). */
export async function cycleHistory(
  tx: TenantTx,
  ticketId: number,
  message: TurnMessage,
  limit: number,
): Promise<Array<{ fromMe: boolean; body: string }>> {
  if (message.trackingId === null || limit <= 0) return [];
  const rows = await tx
    .selectFrom('messages')
    .where('ticketId', '=', ticketId)
    .where('trackingId', '=', message.trackingId)
    // Earlier messages, and our replies stored after it (answers to earlier messages that came in meanwhile).
    .where((eb) =>
      eb.or([eb('id', '<', message.id), eb.and([eb('id', '>', message.id), eb('fromMe', '=', true)])]),
    )
    .where('isDeleted', '=', false)
    .where((eb) =>
      eb.or([
        eb('mediaType', 'in', TEXT_TYPES),
        eb.and([eb('mediaType', '=', 'audio'), eb('transcription', 'is not', null)]),
      ]),
    )
    .select(['fromMe', 'body', 'mediaType', 'transcription'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows
    .reverse()
    .map((row) => ({
      fromMe: row.fromMe,
      body: row.mediaType === 'audio' ? (row.transcription ?? '') : row.body,
    }))
    .filter((row) => row.body.trim() !== '');
}

/** When the customer and the bot last exchanged a message in the ticket before this one (Typebot's expiry). */
export async function lastExchangeAt(
  tx: TenantTx,
  ticketId: number,
  messageId: number,
): Promise<Date | null> {
  const row = await tx
    .selectFrom('messages')
    .where('ticketId', '=', ticketId)
    .where('id', '<', messageId)
    .select('createdAt')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}
