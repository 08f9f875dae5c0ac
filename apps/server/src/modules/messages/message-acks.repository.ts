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
    // The pairs' third column is not read here.
    acks: messages.map(() => 0),
  });
  return new Set(rows.map((row) => `${row.whatsappId}:${row.wid}`));
}

/**
 * The messages of the given (connection, wid) pairs, with the pair's ack: each pair probes the unique (company,
 * connection, wid) index on its own (`offset 0` keeps the lateral subquery from being flattened into a join that
 * would hash the company's messages).
 */
const byWid = (tx: TenantTx, whatsappIds: number[], wids: string[], acks: number[]) =>
  sql`(select found.id, found.whatsapp_id, found.wid, pair.ack
    from unnest(${whatsappIds}::int[], ${wids}::text[], ${acks}::int[]) as pair(whatsapp_id, wid, ack)
    cross join lateral (select id, whatsapp_id, wid from messages
      where company_id = ${tx.companyId} and whatsapp_id = pair.whatsapp_id and wid = pair.wid offset 0) as found)`;

const raiseAcksStatement = new StatementTemplate(
  (tx, args: { whatsappIds: number[]; wids: string[]; acks: number[]; updatedAt: Date }) =>
    tx
      .updateTable('messages')
      .from(byWid(tx, args.whatsappIds, args.wids, args.acks).as('raised'))
      .set({ ack: sql<number>`raised.ack`, updatedAt: args.updatedAt })
      // The same pairs again as the ids to update: the statement reads only those rows, through the primary key,
      // whatever the planner thinks of the join (it once hashed every message of the company).
      .where(
        sql<boolean>`messages.id = any(array(select id from ${byWid(tx, args.whatsappIds, args.wids, args.acks)} as named))`,
      )
      .where(sql<boolean>`messages.id = raised.id`)
      .where(sql<boolean>`messages.ack < raised.ack`)
      .returning(['messages.id', 'messages.whatsappId', 'messages.wid'])
      .$narrowType<{ wid: string; whatsappId: number }>(),
);

const storedWidsStatement = new StatementTemplate(
  (tx, args: { whatsappIds: number[]; wids: string[]; acks: number[] }) =>
    tx
      .selectFrom('messages')
      .where(
        sql<boolean>`messages.id = any(array(select id from ${byWid(tx, args.whatsappIds, args.wids, args.acks)} as stored))`,
      )
      .select(['whatsappId', 'wid'])
      .$narrowType<{ wid: string; whatsappId: number }>(),
);
