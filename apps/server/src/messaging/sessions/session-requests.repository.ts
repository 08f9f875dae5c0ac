import { sql } from 'kysely';
import type { Scopes, TenantScope } from '../../platform/tenancy';
import type { ConnectionRef } from './connections.repository';
import type { LiveRequest } from './live-request';

/** The NOTIFY channel that tells owners a request is waiting (payload: the connection id). */
export const SESSION_REQUESTS_CHANNEL = 'zapdesk_session_requests';

export interface TakenRequest extends ConnectionRef {
  id: number;
  request: unknown;
}

export type RequestOutcome =
  | { status: 'pending' }
  | { status: 'done'; answer: unknown }
  | { status: 'failed'; error: string; transient: boolean };

/** Leaves a request for the owner of the connection's lease and wakes the owners (on commit). */
export async function postRequest(scope: TenantScope, whatsappId: number, request: LiveRequest) {
  return scope.run(async (tx) => {
    const row = await tx
      .insertInto('sessionRequests')
      .values({ companyId: tx.companyId, whatsappId, request: JSON.stringify(request) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`select pg_notify(${SESSION_REQUESTS_CHANNEL}, ${String(whatsappId)})`.execute(tx.unscoped());
    return row.id;
  });
}

/** Claims the waiting requests of the given connections (each is run by one node only), oldest first. */
export async function takeRequests(scopes: Scopes, refs: ConnectionRef[]): Promise<TakenRequest[]> {
  if (refs.length === 0) return [];
  const rows = await scopes.asSystem((tx) =>
    tx.db
      .updateTable('sessionRequests')
      .set({ status: 'running' })
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or(
          refs.map((r) => eb.and([eb('companyId', '=', r.companyId), eb('whatsappId', '=', r.whatsappId)])),
        ),
      )
      .returning(['id', 'companyId', 'whatsappId', 'request'])
      .execute(),
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Stores the answer (or failure) of a request that is still waited for. */
export async function answerRequest(
  scopes: Scopes,
  id: number,
  outcome: Exclude<RequestOutcome, { status: 'pending' }>,
): Promise<void> {
  await scopes.asSystem((tx) =>
    tx.db
      .updateTable('sessionRequests')
      .set(
        outcome.status === 'done'
          ? { status: 'done', answer: JSON.stringify(outcome.answer), answeredAt: new Date() }
          : {
              status: 'failed',
              error: outcome.error,
              transient: outcome.transient,
              answeredAt: new Date(),
            },
      )
      .where('id', '=', id)
      .execute(),
  );
}

/** A request's outcome so far; a request that vanished reads as pending (the asker times out). */
export async function readOutcome(scope: TenantScope, id: number): Promise<RequestOutcome> {
  const row = await scope.run((tx) =>
    tx
      .selectFrom('sessionRequests')
      .where('id', '=', id)
      .select(['status', 'answer', 'error', 'transient'])
      .executeTakeFirst(),
  );
  if (row?.status === 'done') return { status: 'done', answer: row.answer };
  if (row?.status === 'failed')
    return { status: 'failed', error: row.error ?? 'failed', transient: row.transient };
  return { status: 'pending' };
}

/** The asker is done with the request (answered or given up): nobody runs or reads it any more. */
export async function dropRequest(scope: TenantScope, id: number): Promise<void> {
  await scope.run((tx) => tx.deleteFrom('sessionRequests').where('id', '=', id).execute());
}

/** Requests whose asker died waiting: nobody will read them any more. */
export async function pruneRequests(scopes: Scopes): Promise<void> {
  await scopes.asSystem((tx) =>
    tx.db
      .deleteFrom('sessionRequests')
      .where('createdAt', '<', sql<Date>`now() - interval '1 hour'`)
      .execute(),
  );
}
