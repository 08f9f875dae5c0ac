import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export interface QueueRefRow {
  id: number;
  name: string;
  color: string;
}

export interface Relations {
  queues: Map<number, QueueRefRow[]>;
  prompts: Map<number, { id: number; name: string }>;
  integrations: Map<number, { id: number; name: string; type: string }>;
}

const unique = (ids: Array<number | null>) => [...new Set(ids.filter((id): id is number => id !== null))];

/** Queues, prompts and integrations of the given connections, one query each. */
export async function relationsOf(
  tx: TenantTx,
  rows: Array<{ id: number; promptId: number | null; integrationId: number | null }>,
): Promise<Relations> {
  const queues = new Map<number, QueueRefRow[]>(rows.map((r) => [r.id, []]));
  if (rows.length > 0) {
    const queueRows = await tx
      .selectFrom('whatsappQueues')
      .innerJoin('queues', (join) =>
        join
          .onRef('queues.id', '=', 'whatsappQueues.queueId')
          .onRef('queues.companyId', '=', 'whatsappQueues.companyId'),
      )
      .where(
        'whatsappQueues.whatsappId',
        'in',
        rows.map((r) => r.id),
      )
      .select(['whatsappQueues.whatsappId', 'queues.id', 'queues.name', 'queues.color'])
      .orderBy('queues.orderQueue')
      .orderBy('queues.name')
      .execute();
    for (const q of queueRows) queues.get(q.whatsappId)?.push({ id: q.id, name: q.name, color: q.color });
  }
  const promptIds = unique(rows.map((r) => r.promptId));
  const integrationIds = unique(rows.map((r) => r.integrationId));
  const prompts =
    promptIds.length === 0
      ? []
      : await tx.selectFrom('prompts').where('id', 'in', promptIds).select(['id', 'name']).execute();
  const integrations =
    integrationIds.length === 0
      ? []
      : await tx
          .selectFrom('queueIntegrations')
          .where('id', 'in', integrationIds)
          .select(['id', 'name', 'type'])
          .execute();
  return {
    queues,
    prompts: new Map(prompts.map((p) => [p.id, p])),
    integrations: new Map(integrations.map((i) => [i.id, i])),
  };
}

/** Ids the connection form refers to must be the company's: another company's answers 404. */
export async function assertCompanyReferences(
  tx: TenantTx,
  refs: {
    queueIds?: number[];
    transferQueueId?: number | null;
    promptId?: number | null;
    integrationId?: number | null;
  },
): Promise<void> {
  const queueIds = unique([...(refs.queueIds ?? []), refs.transferQueueId ?? null]);
  if (queueIds.length > 0) {
    const found = await tx.selectFrom('queues').where('id', 'in', queueIds).select('id').execute();
    if (found.length !== queueIds.length) throw AppError.notFound();
  }
  if (refs.promptId) {
    const found = await tx
      .selectFrom('prompts')
      .where('id', '=', refs.promptId)
      .select('id')
      .executeTakeFirst();
    if (!found) throw AppError.notFound();
  }
  if (refs.integrationId) {
    const found = await tx
      .selectFrom('queueIntegrations')
      .where('id', '=', refs.integrationId)
      .select('id')
      .executeTakeFirst();
    if (!found) throw AppError.notFound();
  }
}

/** Replaces a connection's queues (ids already checked). */
export async function setWhatsappQueues(tx: TenantTx, whatsappId: number, queueIds: number[]): Promise<void> {
  await tx.deleteFrom('whatsappQueues').where('whatsappId', '=', whatsappId).execute();
  const ids = [...new Set(queueIds)];
  if (ids.length === 0) return;
  await tx
    .insertInto('whatsappQueues')
    .values(ids.map((queueId) => ({ companyId: tx.companyId, whatsappId, queueId })))
    .execute();
}

export async function countWhatsappQueues(tx: TenantTx, whatsappId: number): Promise<number> {
  const row = await tx
    .selectFrom('whatsappQueues')
    .where('whatsappId', '=', whatsappId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
