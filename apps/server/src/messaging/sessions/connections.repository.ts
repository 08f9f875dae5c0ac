import { sql, type Updateable } from 'kysely';
import type { WhatsappSessionView } from '@zapdesk/contracts';
import type { WhatsappsTable } from '../../platform/db/schema';
import type { Scopes, TenantScope } from '../../platform/tenancy';
import type { ConnectionDescriptor, ProviderEvent } from '../providers';

type StateEvent = Extract<ProviderEvent, { type: 'connection.state' }>;

export interface ConnectionRef {
  companyId: number;
  whatsappId: number;
}

/** What a session needs to know about its connection, or undefined once it is deleted. */
export async function loadDescriptor(
  scope: TenantScope,
  whatsappId: number,
): Promise<ConnectionDescriptor | undefined> {
  const row = await scope.run((tx) =>
    tx
      .selectFrom('whatsapps')
      .where('id', '=', whatsappId)
      .select(['id', 'companyId', 'name', 'provider', 'providerConfig'])
      .executeTakeFirst(),
  );
  if (!row) return undefined;
  const config = row.providerConfig;
  return {
    companyId: row.companyId,
    whatsappId: row.id,
    name: row.name,
    provider: row.provider,
    config: config && typeof config === 'object' ? (config as Record<string, unknown>) : {},
  };
}

/**
 * Applies a connection.state event (server-behaviour 12): each QR counts one retry, CONNECTED clears the
 * QR and the retries, every other status clears the QR (the client's QR modal closes on an empty one).
 * Answers the session as the socket event carries it, or undefined when the connection is gone.
 */
export async function applyConnectionState(
  scope: TenantScope,
  whatsappId: number,
  event: StateEvent,
): Promise<WhatsappSessionView | undefined> {
  const changes: Updateable<WhatsappsTable> = { status: event.status, updatedAt: new Date() };
  if (event.status === 'qrcode') changes.qrcode = event.qrcode ?? '';
  else changes.qrcode = '';
  if (event.status === 'CONNECTED') {
    changes.retries = 0;
    if (event.number) changes.number = event.number;
  }
  const row = await scope.run((tx) =>
    tx
      .updateTable('whatsapps')
      .set(changes)
      .$if(event.status === 'qrcode', (qb) => qb.set((eb) => ({ retries: eb('retries', '+', 1) })))
      .where('id', '=', whatsappId)
      .returning(['id', 'name', 'status', 'qrcode', 'retries', 'updatedAt'])
      .executeTakeFirst(),
  );
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** Company is active: status on and due date not past (server-behaviour 1.5). */
const activeCompany = (today: string) =>
  sql<boolean>`(companies.status and (companies.due_date is null or companies.due_date >= ${today}::date))`;

/** Connections of active companies that no node holds a live lease on, oldest first. */
export function listUnleasedConnections(
  scopes: Scopes,
  today: string,
  limit: number,
  /** Connections younger than this are left to the node whose route created them and is starting them. */
  graceMs: number,
): Promise<ConnectionRef[]> {
  return scopes.asSystem((tx) =>
    tx.db
      .selectFrom('whatsapps')
      .innerJoin('companies', 'companies.id', 'whatsapps.companyId')
      .where(activeCompany(today))
      .where('whatsapps.createdAt', '<', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('leases')
              .select('leases.resource')
              .where('leases.resource', '=', sql<string>`'whatsapp:' || whatsapps.id`)
              .where('leases.expiresAt', '>', sql<Date>`now()`),
          ),
        ),
      )
      .select(['whatsapps.companyId', 'whatsapps.id as whatsappId'])
      .orderBy('whatsapps.id')
      .limit(limit)
      .execute(),
  );
}

/** Of the given connections, those that may keep a live session (still there, company active). */
export async function listServableConnections(
  scopes: Scopes,
  refs: ConnectionRef[],
  today: string,
): Promise<Set<number>> {
  if (refs.length === 0) return new Set();
  const rows = await scopes.asSystem((tx) =>
    tx.db
      .selectFrom('whatsapps')
      .innerJoin('companies', 'companies.id', 'whatsapps.companyId')
      .where(
        'whatsapps.id',
        'in',
        refs.map((r) => r.whatsappId),
      )
      .where(activeCompany(today))
      .select('whatsapps.id')
      .execute(),
  );
  return new Set(rows.map((r) => r.id));
}
