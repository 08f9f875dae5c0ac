import { sql } from 'kysely';
import type { SessionCommandsTable } from '../../platform/db/schema';
import type { Scopes, TenantScope } from '../../platform/tenancy';
import type { ConnectionRef } from './connections.repository';

export type SessionCommand = SessionCommandsTable['command'];

export interface QueuedCommand extends ConnectionRef {
  id: number;
  command: SessionCommand;
}

/** Leaves a command for whichever node owns (or next claims) the connection's lease. */
export async function enqueueCommand(scope: TenantScope, whatsappId: number, command: SessionCommand) {
  await scope.run((tx) =>
    tx.insertInto('sessionCommands').values({ companyId: tx.companyId, whatsappId, command }).execute(),
  );
}

/** Removes and answers the commands queued for the given connections, oldest first. */
export async function takeCommands(scopes: Scopes, refs: ConnectionRef[]): Promise<QueuedCommand[]> {
  if (refs.length === 0) return [];
  const rows = await scopes.asSystem((tx) =>
    tx.db
      .deleteFrom('sessionCommands')
      .where((eb) =>
        eb.or(
          refs.map((r) =>
            eb.and([
              eb('sessionCommands.companyId', '=', r.companyId),
              eb('sessionCommands.whatsappId', '=', r.whatsappId),
            ]),
          ),
        ),
      )
      .returning(['id', 'companyId', 'whatsappId', 'command'])
      .execute(),
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Connections with queued commands that no node holds a live lease on (their owner stopped or died). */
export function listOrphanCommandTargets(scopes: Scopes, limit: number): Promise<ConnectionRef[]> {
  return scopes.asSystem((tx) =>
    tx.db
      .selectFrom('sessionCommands')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('leases')
              .select('leases.resource')
              .where('leases.resource', '=', sql<string>`'whatsapp:' || session_commands.whatsapp_id`)
              .where('leases.expiresAt', '>', sql<Date>`now()`),
          ),
        ),
      )
      .select(['sessionCommands.companyId', 'sessionCommands.whatsappId'])
      .distinct()
      .limit(limit)
      .execute(),
  );
}

/** Drops queued commands of connections that no longer exist and that nobody will run. */
export async function dropCommandsOf(scopes: Scopes, refs: ConnectionRef[]): Promise<void> {
  if (refs.length === 0) return;
  await takeCommands(scopes, refs);
}
