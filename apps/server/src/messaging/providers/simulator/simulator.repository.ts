import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { SimulatorMessagesTable } from '../../../platform/db/schema';
import type { TenantScope } from '../../../platform/tenancy';

export type SimulatorRow = Selectable<SimulatorMessagesTable>;
export type NewSimulatorMessage = Omit<
  Insertable<SimulatorMessagesTable>,
  'companyId' | 'whatsappId' | 'externalId' | 'direction'
>;

/** WhatsApp-looking message ids: customers' phones start with 3A, ours (web) with 3EB0. */
export const newExternalId = (direction: 'in' | 'out') =>
  `${direction === 'in' ? '3A' : '3EB0'}${randomBytes(9).toString('hex').toUpperCase()}`;

/**
 * Stores a customer's message for the session to emit. The same external id again is a redelivery:
 * the stored message is handed to the session once more (same wid, same content). Answers undefined
 * when the id belongs to one of our own messages.
 */
export function recordInbound(
  scope: TenantScope,
  whatsappId: number,
  externalId: string,
  values: NewSimulatorMessage,
): Promise<{ id: number } | undefined> {
  return scope.run((tx) =>
    tx
      .insertInto('simulatorMessages')
      .values({ ...values, direction: 'in', companyId: tx.companyId, whatsappId, externalId })
      .onConflict((oc) =>
        oc
          .columns(['companyId', 'whatsappId', 'externalId'])
          .doUpdateSet({ deliveredAt: null })
          .where('simulatorMessages.direction', '=', 'in'),
      )
      .returning('id')
      .executeTakeFirst(),
  );
}

/** Customer messages the session has not handed to the pipeline yet, oldest first. */
export function listPendingInbound(scope: TenantScope, whatsappId: number): Promise<SimulatorRow[]> {
  return scope.run((tx) =>
    tx
      .selectFrom('simulatorMessages')
      .where('whatsappId', '=', whatsappId)
      .where('direction', '=', 'in')
      .where('deliveredAt', 'is', null)
      .selectAll()
      .orderBy('id')
      .limit(100)
      .execute(),
  );
}

export async function markDelivered(scope: TenantScope, id: number): Promise<void> {
  await scope.run((tx) =>
    tx.updateTable('simulatorMessages').set({ deliveredAt: new Date() }).where('id', '=', id).execute(),
  );
}

/** Stores what we sent; a repeated idempotency key answers the first send's id instead of sending again. */
export function recordOutgoing(
  scope: TenantScope,
  whatsappId: number,
  idempotencyKey: string,
  values: NewSimulatorMessage,
): Promise<{ externalId: string; created: boolean }> {
  return scope.run(async (tx) => {
    const inserted = await tx
      .insertInto('simulatorMessages')
      .values({
        ...values,
        direction: 'out',
        ack: 1,
        idempotencyKey,
        companyId: tx.companyId,
        whatsappId,
        externalId: newExternalId('out'),
      })
      .onConflict((oc) =>
        oc
          .columns(['companyId', 'whatsappId', 'idempotencyKey'])
          .where('idempotencyKey', 'is not', null)
          .doNothing(),
      )
      .returning('externalId')
      .executeTakeFirst();
    if (inserted) return { externalId: inserted.externalId, created: true };
    const existing = await tx
      .selectFrom('simulatorMessages')
      .where('whatsappId', '=', whatsappId)
      .where('idempotencyKey', '=', idempotencyKey)
      .select('externalId')
      .executeTakeFirstOrThrow();
    return { externalId: existing.externalId, created: false };
  });
}

/** One of our messages by its row id, and the ack it is raised to. */
export interface RowAck {
  id: number;
  ack: number;
}

/**
 * Raises outgoing messages' acks, by row id (as `outgoingAcksOf` found them), on any lines of the company (never
 * lowers one): one statement. A message is named once (the caller keeps the highest ack of each).
 */
export async function raiseAcksOf(scope: TenantScope, acks: readonly RowAck[]): Promise<void> {
  if (acks.length === 0) return;
  const ids = acks.map((a) => a.id);
  await scope.run((tx) =>
    tx
      .updateTable('simulatorMessages')
      .from(
        sql<RowAck>`(select unnest(${ids}::int[]) as id, unnest(${acks.map((a) => a.ack)}::int[]) as ack)`.as(
          'raised',
        ),
      )
      .set({ ack: sql<number>`raised.ack` })
      // The rows by primary key first: whatever the planner thinks of the join, only these are read.
      .where('simulatorMessages.id', '=', sql<number>`any(${ids}::int[])`)
      .where(sql<boolean>`simulator_messages.id = raised.id`)
      .where(sql<boolean>`simulator_messages.ack < raised.ack`)
      .execute(),
  );
}

/** A stored message of ours: its row id and ack. */
export interface StoredAck {
  id: number;
  ack: number;
}

/**
 * The row ids and stored acks of some of our messages on any lines of the company, by `whatsappId:externalId`. Each
 * message probes the unique (company, line, external id) index on its own (`offset 0` keeps the lateral subquery
 * from being flattened into a join that would scan all the company's messages).
 */
export async function outgoingAcksOf(
  scope: TenantScope,
  messages: ReadonlyArray<{ whatsappId: number; externalId: string }>,
): Promise<Map<string, StoredAck>> {
  if (messages.length === 0) return new Map();
  const rows = await scope.read((tx) =>
    tx
      .selectFrom('simulatorMessages')
      .where(
        sql<boolean>`simulator_messages.id = any(array(select found.id
          from unnest(${messages.map((m) => m.whatsappId)}::int[], ${messages.map((m) => m.externalId)}::text[])
            as pair(whatsapp_id, external_id)
          cross join lateral (select id from simulator_messages where company_id = ${tx.companyId}
            and whatsapp_id = pair.whatsapp_id and external_id = pair.external_id offset 0) as found))`,
      )
      .where('direction', '=', 'out')
      .select(['id', 'whatsappId', 'externalId', 'ack'])
      .execute(),
  );
  return new Map(rows.map((row) => [`${row.whatsappId}:${row.externalId}`, { id: row.id, ack: row.ack }]));
}

/** The acks of some of our messages on one line, by external id; a missing one is no such message. */
export async function outgoingAcks(
  scope: TenantScope,
  whatsappId: number,
  externalIds: readonly string[],
): Promise<Map<string, number>> {
  const acks = await outgoingAcksOf(
    scope,
    externalIds.map((externalId) => ({ whatsappId, externalId })),
  );
  return new Map(
    externalIds.flatMap((externalId): Array<[string, number]> => {
      const stored = acks.get(`${whatsappId}:${externalId}`);
      return stored === undefined ? [] : [[externalId, stored.ack]];
    }),
  );
}

/** Our recent messages the peer has not read yet (their acks resume after a restart). */
export function listUnreadOutgoing(
  scope: TenantScope,
  whatsappId: number,
): Promise<Array<{ externalId: string; ack: number }>> {
  return scope.run((tx) =>
    tx
      .selectFrom('simulatorMessages')
      .where('whatsappId', '=', whatsappId)
      .where('direction', '=', 'out')
      .where('ack', '<', 3)
      .where('createdAt', '>', sql<Date>`now() - interval '1 day'`)
      .select(['externalId', 'ack'])
      .orderBy('id')
      .limit(100)
      .execute(),
  );
}

/** What we sent to a number, oldest first. */
export function listOutbox(scope: TenantScope, whatsappId: number, peers: string[]): Promise<SimulatorRow[]> {
  return scope.run((tx) =>
    tx
      .selectFrom('simulatorMessages')
      .where('whatsappId', '=', whatsappId)
      .where('direction', '=', 'out')
      .where('peer', 'in', peers)
      .selectAll()
      .orderBy('id')
      .execute(),
  );
}

/** One message with its media, for downloads. */
export function findMessage(
  scope: TenantScope,
  whatsappId: number,
  externalId: string,
): Promise<SimulatorRow | undefined> {
  return scope.run((tx) =>
    tx
      .selectFrom('simulatorMessages')
      .where('whatsappId', '=', whatsappId)
      .where('externalId', '=', externalId)
      .selectAll()
      .executeTakeFirst(),
  );
}

/** Revokes or edits one of our messages on the network. */
export async function changeOutgoing(
  scope: TenantScope,
  whatsappId: number,
  externalId: string,
  change: { isDeleted: true } | { body: string; isEdited: true },
): Promise<boolean> {
  const result = await scope.run((tx) =>
    tx
      .updateTable('simulatorMessages')
      .set(change)
      .where('whatsappId', '=', whatsappId)
      .where('externalId', '=', externalId)
      .where('direction', '=', 'out')
      .executeTakeFirst(),
  );
  return result.numUpdatedRows > 0n;
}
