import type { Selectable } from 'kysely';
import type { QueuesTable, WhatsappsTable } from '../../platform/db/schema';
import type { TenantTx } from '../../platform/tenancy';
import type { BotOption } from './queue-options';

/** A stored file a queue or an option sends after its text. */
export interface BotMedia {
  mediaPath: string | null;
  mediaName: string | null;
}

export type ConnectionRow = Selectable<WhatsappsTable>;
export type QueueRow = Selectable<QueuesTable>;

export function loadConnection(tx: TenantTx, whatsappId: number): Promise<ConnectionRow | undefined> {
  return tx.selectFrom('whatsapps').where('id', '=', whatsappId).selectAll().executeTakeFirst();
}

/** The connection's queues, by orderQueue then name (server-behaviour 7.4). */
export function loadConnectionQueues(tx: TenantTx, whatsappId: number): Promise<QueueRow[]> {
  return tx
    .selectFrom('whatsappQueues')
    .innerJoin('queues', 'queues.id', 'whatsappQueues.queueId')
    .where('whatsappQueues.whatsappId', '=', whatsappId)
    .selectAll('queues')
    .orderBy('queues.orderQueue', (ob) => ob.asc().nullsLast())
    .orderBy('queues.name')
    .execute();
}

export function loadQueue(tx: TenantTx, queueId: number): Promise<QueueRow | undefined> {
  return tx.selectFrom('queues').where('id', '=', queueId).selectAll().executeTakeFirst();
}

export function loadQueueOptions(tx: TenantTx, queueId: number): Promise<Array<BotOption & BotMedia>> {
  return tx
    .selectFrom('queueOptions')
    .where('queueId', '=', queueId)
    .select(['id', 'parentId', 'option', 'title', 'message', 'mediaPath', 'mediaName'])
    .execute();
}

export async function loadCompanySchedules(tx: TenantTx): Promise<unknown> {
  const row = await tx
    .unscoped()
    .selectFrom('companies')
    .where('id', '=', tx.companyId)
    .select('schedules')
    .executeTakeFirst();
  return row?.schedules;
}

/** The plan flags that let prompts (useOpenAi) and queue integrations (useIntegrations) answer customers. */
export interface BotPlanFlags {
  useOpenAi: boolean;
  useIntegrations: boolean;
}

/** The company's plan flags now; a company without a plan has neither. */
export async function loadPlanFlags(tx: TenantTx): Promise<BotPlanFlags> {
  const row = await tx
    .unscoped()
    .selectFrom('companies')
    .leftJoin('plans', 'plans.id', 'companies.planId')
    .where('companies.id', '=', tx.companyId)
    .select(['plans.useOpenAi', 'plans.useIntegrations'])
    .executeTakeFirst();
  return { useOpenAi: row?.useOpenAi ?? false, useIntegrations: row?.useIntegrations ?? false };
}

/** Whether the plan lets this bot (a prompt or an integration) answer. */
export function planAllows(
  flags: BotPlanFlags,
  bot: { promptId: number | null; integrationId: number | null },
): boolean {
  return bot.promptId !== null ? flags.useOpenAi : flags.useIntegrations;
}
