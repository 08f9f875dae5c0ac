import { sql, type Selectable } from 'kysely';
import type { ContactRow } from '../../../modules/contacts';
import { promptById, type PromptRow } from '../../../modules/prompts';
import { integrationById, type IntegrationRow } from '../../../modules/queue-integrations';
import type { TicketRow } from '../../../modules/tickets';
import type { MessagesTable } from '../../../platform/db/schema';
import { StatementTemplate, type BoundRun } from '../../../platform/db/statement-template';
import type { TenantTx } from '../../../platform/tenancy';
import { planAllows } from '../bot-data';
import { claimQueuedTurn, type BotTurnRow, type QueuedTurn } from './bot-turns.repository';

export type TurnMessage = Pick<
  Selectable<MessagesTable>,
  'id' | 'wid' | 'body' | 'mediaType' | 'mediaPath' | 'transcription' | 'trackingId' | 'data' | 'createdAt'
>;

/** A text of the cycle the model sees (ours as the assistant's, the customer's as the user's). */
export interface HistoryLine {
  fromMe: boolean;
  body: string;
}

/** Everything a provider call needs, read at once before the (slow) call. */
export interface TurnInput {
  ticket: TicketRow;
  contact: ContactRow;
  message: TurnMessage;
  bot:
    | {
        kind: 'prompt';
        prompt: PromptRow;
        /** The last `maxMessages` texts of the cycle besides the message, oldest first. */
        history: HistoryLine[];
      }
    | {
        kind: 'integration';
        integration: IntegrationRow;
        /** When the customer and the bot last exchanged a message in the ticket before this one (Typebot). */
        lastExchangeAt: Date | null;
      };
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
 * The turn's ticket, message, contact and bot (with the model's history or Typebot's last exchange), read in
 * one round trip and one snapshot (StatementTemplate.all on a statement-wise connection: TenantScope.read).
 * Undefined when the bot no longer holds the ticket (nothing to do); `refused` when the company's plan no longer
 * lets this bot answer (the ticket goes to people).
 */
export async function loadTurnInput(
  tx: TenantTx,
  turn: QueuedTurn,
): Promise<TurnInput | 'refused' | undefined> {
  return (await readTurn(tx, turn, undefined)).input;
}

/**
 * Claims a turn this node queued (by id) and reads its input in the same round trip, the claim first: what
 * loadTurnInput reads, after the claim. Undefined when the claim took nothing (the turn is no longer due, or
 * waits behind another of its ticket): the reads are dropped and the turn is left to the usual claim.
 */
export async function claimWithInput(
  tx: TenantTx,
  turn: QueuedTurn,
  nodeId: string,
): Promise<{ turn: BotTurnRow; input: TurnInput | 'refused' | undefined } | undefined> {
  const { claimed, input } = await readTurn(tx, turn, claimQueuedTurn.with({ id: turn.id, nodeId }));
  return claimed && { turn: claimed, input };
}

async function readTurn(
  tx: TenantTx,
  turn: QueuedTurn,
  claim: BoundRun<BotTurnRow> | undefined,
): Promise<{ claimed: BotTurnRow | undefined; input: TurnInput | 'refused' | undefined }> {
  const ids = { ticketId: turn.ticketId, messageId: turn.messageId };
  // With a claim, it goes first in the same text; its rows come back first.
  const lead = claim ? [claim] : [];
  const shared = [
    turnTicket.with({ ticketId: turn.ticketId }),
    turnMessage.with({ messageId: turn.messageId }),
    ticketContact.with({ ticketId: turn.ticketId }),
  ] as const;
  const claimedOf = (answers: unknown[][]) =>
    claim ? (answers[0]?.[0] as BotTurnRow | undefined) : undefined;
  if (turn.promptId !== null) {
    const answers = await StatementTemplate.all(tx, [
      ...lead,
      ...shared,
      promptById.with({ id: turn.promptId }),
      promptHistory.with({ ...ids, promptId: turn.promptId }),
    ]);
    const [tickets, messages, contacts, [prompt], history] = answers.slice(lead.length) as [
      TicketWithFlags[],
      TurnMessage[],
      ContactRow[],
      PromptRow[],
      HistoryRow[],
    ];
    const read = checked(turn, tickets, messages, contacts);
    const input: TurnInput | 'refused' | undefined =
      typeof read !== 'object'
        ? read
        : prompt && { ...read, bot: { kind: 'prompt', prompt, history: historyLines(history) } };
    return { claimed: claimedOf(answers), input };
  }
  if (turn.integrationId === null)
    return { claimed: claimedOf(await StatementTemplate.all(tx, lead)), input: undefined };
  const answers = await StatementTemplate.all(tx, [
    ...lead,
    ...shared,
    integrationById.with({ id: turn.integrationId }),
    lastExchange.with(ids),
  ]);
  const [tickets, messages, contacts, [integration], [last]] = answers.slice(lead.length) as [
    TicketWithFlags[],
    TurnMessage[],
    ContactRow[],
    IntegrationRow[],
    Array<{ createdAt: Date }>,
  ];
  const read = checked(turn, tickets, messages, contacts);
  const input: TurnInput | 'refused' | undefined =
    typeof read !== 'object'
      ? read
      : integration && {
          ...read,
          bot: { kind: 'integration', integration, lastExchangeAt: last?.createdAt ?? null },
        };
  return { claimed: claimedOf(answers), input };
}

type TicketWithFlags = TicketRow & { planUseOpenAi: boolean | null; planUseIntegrations: boolean | null };
type HistoryRow = { fromMe: boolean; body: string; mediaType: string; transcription: string | null };

/** The ticket, message and contact read, if the bot still holds the ticket and the plan still lets it. */
function checked(
  turn: QueuedTurn,
  tickets: TicketWithFlags[],
  messages: TurnMessage[],
  contacts: ContactRow[],
): Omit<TurnInput, 'bot'> | 'refused' | undefined {
  const [row] = tickets;
  const [message] = messages;
  const [contact] = contacts;
  if (!row || !message || !contact) return undefined;
  const { planUseOpenAi, planUseIntegrations, ...ticket } = row;
  if (!botHolds(ticket, turn)) return undefined;
  const flags = { useOpenAi: planUseOpenAi ?? false, useIntegrations: planUseIntegrations ?? false };
  if (!planAllows(flags, turn)) return 'refused';
  return { ticket, message, contact };
}

/** The ticket with its company's plan flags (a company without a plan has neither). */
const turnTicket = new StatementTemplate((tx, args: { ticketId: number }) =>
  tx
    .selectFrom('tickets')
    .innerJoin('companies', 'companies.id', 'tickets.companyId')
    .leftJoin('plans', 'plans.id', 'companies.planId')
    .where('tickets.id', '=', args.ticketId)
    .selectAll('tickets')
    .select(['plans.useOpenAi as planUseOpenAi', 'plans.useIntegrations as planUseIntegrations']),
);

const turnMessage = new StatementTemplate((tx, args: { messageId: number }) =>
  tx
    .selectFrom('messages')
    .where('id', '=', args.messageId)
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
    ]),
);

const ticketContact = new StatementTemplate((tx, args: { ticketId: number }) =>
  tx
    .selectFrom('contacts')
    .where('id', '=', (eb) =>
      eb.selectFrom('tickets').where('tickets.id', '=', args.ticketId).select('tickets.contactId'),
    )
    .selectAll(),
);

/**
 * The last `maxMessages` (the prompt's) text messages of the message's cycle besides it, newest first:
 * earlier messages, and our replies stored after it (answers to earlier messages that came in meanwhile);
 * transcribed audio counts.
 */
const promptHistory = new StatementTemplate(
  (tx, args: { ticketId: number; messageId: number; promptId: number }) =>
    tx
      .selectFrom('messages')
      .where('ticketId', '=', args.ticketId)
      .where('trackingId', '=', (eb) =>
        eb
          .selectFrom('messages as current')
          .where('current.id', '=', args.messageId)
          .select('current.trackingId'),
      )
      .where((eb) =>
        eb.or([
          eb('id', '<', args.messageId),
          eb.and([eb('id', '>', args.messageId), eb('fromMe', '=', sql.lit(true))]),
        ]),
      )
      .where('isDeleted', '=', sql.lit(false))
      .where((eb) =>
        eb.or([
          eb(
            'mediaType',
            'in',
            TEXT_TYPES.map((type) => sql.lit(type)),
          ),
          eb.and([eb('mediaType', '=', sql.lit('audio')), eb('transcription', 'is not', null)]),
        ]),
      )
      .select(['fromMe', 'body', 'mediaType', 'transcription'])
      .orderBy('id', 'desc')
      .limit(sql<number>`(select max_messages from prompts where id = ${args.promptId})`),
);

/** The history rows as the model reads them: oldest first, audio as its transcription, blank lines left out. */
function historyLines(rows: HistoryRow[]): HistoryLine[] {
  return rows
    .reverse()
    .map((row) => ({
      fromMe: row.fromMe,
      body: row.mediaType === 'audio' ? (row.transcription ?? '') : row.body,
    }))
    .filter((row) => row.body.trim() !== '');
}

/** The ticket's message before this one (when the customer and the bot last exchanged one: Typebot's expiry). */
const lastExchange = new StatementTemplate((tx, args: { ticketId: number; messageId: number }) =>
  tx
    .selectFrom('messages')
    .where('ticketId', '=', args.ticketId)
    .where('id', '<', args.messageId)
    .select('createdAt')
    .orderBy('id', 'desc')
    .limit(sql.lit(1)),
);
