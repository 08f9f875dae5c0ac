import { sql } from 'kysely';
import type { TicketTouches } from '../../modules/messages';
import { anyOf } from '../../platform/db/any-of';
import type { HeldWrite } from '../../platform/db/lean-pool';
import { StatementTemplate } from '../../platform/db/statement-template';
import { recordWaitingAcks } from './waiting-acks';

/** Events processed in one round, all its chats together. */
export const EVENTS_PER_ROUND = 200;

/**
 * The oldest unprocessed events of the round's chats (any number of chats: one array per column). Each chat's are
 * read from its own stretch of the chat index, in order: the plan reads only the round's events however many
 * other events wait (a backlog), whatever the statistics say.
 */
export const roundEvents = new StatementTemplate((tx, chats: { whatsappIds: number[]; chatKeys: string[] }) =>
  tx
    .unscoped()
    .selectFrom(
      sql<{
        whatsappId: number;
        chatKey: string;
      }>`(select unnest(${chats.whatsappIds}::int[]) as whatsapp_id, unnest(${chats.chatKeys}::text[]) as chat_key)`.as(
        'chat',
      ),
    )
    .innerJoinLateral(
      tx
        .selectFrom('inboundEvents')
        .where('status', '=', sql.lit('received'))
        .where(sql<boolean>`inbound_events.whatsapp_id = chat.whatsapp_id`)
        .where(sql<boolean>`inbound_events.chat_key = chat.chat_key`)
        .orderBy('id')
        .limit(sql.lit(EVENTS_PER_ROUND))
        .select(['id', 'whatsappId', 'chatKey', 'payload', 'attempts'])
        .as('event'),
      (join) => join.onTrue(),
    )
    .selectAll('event')
    .orderBy('event.id')
    .limit(sql.lit(EVENTS_PER_ROUND)),
);

export const markProcessed = new StatementTemplate((tx, args: { ids: number[]; processedAt: Date }) =>
  tx
    .updateTable('inboundEvents')
    .set((eb) => ({
      status: sql.lit('processed'),
      processedAt: args.processedAt,
      attempts: eb('attempts', '+', sql.lit(1)),
    }))
    .where('id', '=', anyOf(args.ids)),
);

/**
 * The round's ticket touches, which may also wait past the round's own bookkeeping (it never reads tickets): a
 * round that ends with touches held writes them with its commit, in one round trip.
 */
export function passingBookkeeping(touches: TicketTouches): HeldWrite {
  return {
    take: () => touches.take(),
    passes: (text) =>
      touches.passes(text) || markProcessed.produced(text) || recordWaitingAcks.produced(text),
  };
}
