import { sql } from 'kysely';
import {
  chatIdOfContact,
  chatLockName,
  lockChat,
  takeChatLock,
  type ContactRow,
} from '../../../modules/contacts';
import type { OutgoingEnv } from '../../../modules/messages';
import type { TicketRow } from '../../../modules/tickets';
import { StatementTemplate } from '../../../platform/db/statement-template';
import type { MediaStorage } from '../../../platform/storage/media-storage';
import type { TenantScope, TenantTx } from '../../../platform/tenancy';
import { enqueueOutbox } from '../../outbound';
import type { BotAction } from '../runners/bot-actions';
import { saveProviderMedia } from './bot-media';
import { applyAction, type SavedMedia } from './bot-turn-apply';
import { botHolds } from './bot-turn-input';
import { HeldStepsRecord, recordSteps, type BotTurnRow } from './bot-turns.repository';

/** The turn was taken over by another process (a stale claim released): its transaction rolls back. */
export class TurnLost extends Error {}

export interface StepsDeps {
  outbound: OutgoingEnv;
  storage: MediaStorage;
}

/** Where a stretch of steps left the turn: how many are written, whether it is over, a pause to wait. */
export interface StepsWritten {
  applied: number;
  done: boolean;
  /** The stretch ended with a pause: "typing…" is shown, the next stretch waits this long. */
  pauseMs: number | null;
}

/**
 * Writes the turn's steps from `from` up to the next pause (included) or the end, in ONE transaction with the
 * turn's count (and, the first time, the provider's answer): the chat's section, then the ticket's row, are
 * locked as inbound processing and every send take them; each reply is stored through the outbox port. A pause
 * queues "typing…" for the chat. When the bot no longer holds the ticket (an agent took it, a step handed it
 * over), the remaining steps are dropped and the turn is done.
 */
export async function writeSteps(
  deps: StepsDeps,
  scope: TenantScope,
  turn: BotTurnRow,
  actions: BotAction[],
  from: number,
  /** The ticket and contact as read with the turn's input (before the provider's call). */
  known: { ticket: TicketRow; contact: ContactRow },
  answerToSave: boolean,
): Promise<StepsWritten> {
  const end = stretchEnd(actions, from);
  // Files the provider serves are fetched before the transaction, which never waits on the network.
  const media = new Map<number, SavedMedia>();
  for (let index = from; index < end; index++) {
    const action = actions[index];
    if (action?.kind === 'media')
      media.set(index, await saveProviderMedia(deps.storage, turn.companyId, action.url));
  }
  const steps = (applied: number, done: boolean) => ({
    ...(answerToSave ? { actions } : {}),
    from,
    applied,
    done,
  });
  return scope.run(async (tx) => {
    if (end === from) {
      if (!(await recordSteps(tx, turn, steps(from, true)))) throw new TurnLost();
      return { applied: from, done: true, pauseMs: null };
    }
    // Written with the commit: the lock below holds the turn as ours until then.
    const record = new HeldStepsRecord(tx, turn);
    await tx.holdWrite(record);
    const held = await lockTicket(tx, turn, known);
    if (held === 'lost') throw new TurnLost();
    if (!held) {
      record.record(steps(from, true));
      return { applied: from, done: true, pauseMs: null };
    }
    let ticket = held.ticket;
    let pauseMs: number | null = null;
    for (let index = from; index < end; index++) {
      const action = actions[index];
      if (!action) break;
      if (action.kind === 'pause') {
        await showTyping(tx, deps.outbound, ticket, held.contact, `${turn.id}:${index}`);
        pauseMs = action.ms;
        continue;
      }
      ticket = await applyAction(tx, deps.outbound, ticket, held.contact, action, media.get(index));
      if (!botHolds(ticket, turn)) {
        record.record(steps(index + 1, true));
        return { applied: index + 1, done: true, pauseMs: null };
      }
    }
    const done = end === actions.length;
    record.record(steps(end, done));
    return { applied: end, done, pauseMs: done ? null : pauseMs };
  });
}

/** The index after the stretch that starts at `from`: after its first pause, or the end of the answer. */
function stretchEnd(actions: BotAction[], from: number): number {
  const pause = actions.findIndex((action, index) => index >= from && action.kind === 'pause');
  return pause < 0 ? actions.length : pause + 1;
}

/**
 * The chat's section (as known from the turn's input), then the ticket's row and the turn's, locked in one
 * statement with what the ticket's contact is now; undefined when the bot no longer holds the ticket, `lost` when
 * the turn is no longer this claimer's (a stale claim released and taken over, or the ticket deleted with its
 * turns). A contact whose number or connection changed meanwhile is read again, and its own chat's section taken
 * too.
 */
async function lockTicket(
  tx: TenantTx,
  turn: BotTurnRow,
  known: { ticket: TicketRow; contact: ContactRow },
): Promise<{ ticket: TicketRow; contact: ContactRow } | 'lost' | undefined> {
  const knownWhatsappId = known.ticket.whatsappId;
  if (knownWhatsappId === null) return undefined;
  const chatId = chatIdOfContact(known.contact);
  const [row] = await lockedTicket.run(tx, {
    ticketId: turn.ticketId,
    lockName: chatLockName(knownWhatsappId, chatId),
    turnId: turn.id,
    claimedBy: turn.claimedBy ?? '',
  });
  if (!row) return 'lost';
  const { chatLock: _taken, contactNumber, contactIsGroup, ...ticket } = row;
  if (ticket.whatsappId === null || !botHolds(ticket, turn)) return undefined;
  const unchanged =
    ticket.contactId === known.contact.id &&
    contactNumber === known.contact.number &&
    contactIsGroup === known.contact.isGroup &&
    ticket.whatsappId === knownWhatsappId;
  if (unchanged) return { ticket, contact: known.contact };
  const contact = await tx
    .selectFrom('contacts')
    .where('id', '=', ticket.contactId)
    .selectAll()
    .executeTakeFirstOrThrow();
  const current = chatIdOfContact(contact);
  if (current !== chatId || ticket.whatsappId !== knownWhatsappId)
    await lockChat(tx, ticket.whatsappId, current);
  return { ticket, contact };
}

/**
 * The ticket and the turn FOR UPDATE, the turn still running for its claimer, with the ticket contact's number:
 * the select list takes the chat's lock as the row is read, before the rows themselves are locked (the lock
 * order of inbound processing and sends), in one round trip.
 */
const lockedTicket = new StatementTemplate(
  (tx, args: { ticketId: number; lockName: string; turnId: number; claimedBy: string }) =>
    tx
      .selectFrom('tickets')
      .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
      .innerJoin('botTurns', (join) =>
        join
          .onRef('botTurns.ticketId', '=', 'tickets.id')
          .on('botTurns.id', '=', args.turnId)
          .on('botTurns.status', '=', sql.lit('running'))
          .on('botTurns.claimedBy', '=', args.claimedBy),
      )
      .where('tickets.id', '=', args.ticketId)
      .selectAll('tickets')
      .select([
        takeChatLock(args.lockName).as('chatLock'),
        'contacts.number as contactNumber',
        'contacts.isGroup as contactIsGroup',
      ])
      .forUpdate(['tickets', 'botTurns']),
);

/** "typing…" for the customer while the bot waits before its next message (Typebot's delay). */
async function showTyping(
  tx: TenantTx,
  outbound: OutgoingEnv,
  ticket: TicketRow,
  contact: ContactRow,
  key: string,
): Promise<void> {
  const whatsappId = ticket.whatsappId;
  if (whatsappId === null) return;
  await enqueueOutbox(tx, whatsappId, {
    kind: 'presence',
    chatId: chatIdOfContact(contact),
    state: 'composing',
    key,
  });
  tx.afterCommit(() => outbound.outbox.kick(whatsappId));
}
