import { sql } from 'kysely';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { TenantTx } from '../../platform/tenancy';

/** An ack for the message with this wid on this connection. */
export interface AckByWid {
  whatsappId: number;
  wid: string;
  ack: number;
}

/**
 * Raises the acks of many messages by wid in one statement (server-behaviour 6.3: an ack only ever goes up); answers
 * the messages it raised. Name each message once, with its highest ack: a row is updated once per statement.
 */
export function raiseAcksByWid(
  tx: TenantTx,
  acks: readonly AckByWid[],
): Promise<Array<{ id: number; whatsappId: number; wid: string }>> {
  if (acks.length === 0) return Promise.resolve([]);
  return raiseAcksStatement.run(tx, {
    whatsappIds: acks.map((a) => a.whatsappId),
    wids: acks.map((a) => a.wid),
    acks: acks.map((a) => a.ack),
    updatedAt: new Date(),
  });
}

/** Which of these (connection, wid) pairs are stored messages, as `whatsappId:wid`. */
export async function storedWids(
  tx: TenantTx,
  messages: ReadonlyArray<{ whatsappId: number; wid: string }>,
): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const rows = await storedWidsStatement.run(tx, {
    whatsappIds: messages.map((m) => m.whatsappId),
    wids: messages.map((m) => m.wid),
  });
  return new Set(rows.map((row) => `${row.whatsappId}:${row.wid}`));
}

const raiseAcksStatement = new StatementTemplate(
  (tx, args: { whatsappIds: number[]; wids: string[]; acks: number[]; updatedAt: Date }) =>
    tx
      .updateTable('messages')
      .from(
        sql<AckByWid>`(select unnest(${args.whatsappIds}::int[]) as whatsapp_id, unnest(${args.wids}::text[]) as wid,
          unnest(${args.acks}::int[]) as ack)`.as('raised'),
      )
      .set({ ack: sql<number>`raised.ack`, updatedAt: args.updatedAt })
      .where(sql<boolean>`messages.whatsapp_id = raised.whatsapp_id`)
      .where(sql<boolean>`messages.wid = raised.wid`)
      .where(sql<boolean>`messages.ack < raised.ack`)
      .returning(['messages.id', 'messages.whatsappId', 'messages.wid'])
      .$narrowType<{ wid: string; whatsappId: number }>(),
);

const storedWidsStatement = new StatementTemplate((tx, args: { whatsappIds: number[]; wids: string[] }) =>
  tx
    .selectFrom('messages')
    .where(
      sql<boolean>`(whatsapp_id, wid) in (select * from unnest(${args.whatsappIds}::int[], ${args.wids}::text[]))`,
    )
    .select(['whatsappId', 'wid'])
    .$narrowType<{ wid: string; whatsappId: number }>(),
);
