import type { Selectable } from 'kysely';
import type { UserView } from '@zapdesk/contracts';
import type { UsersTable } from '../../platform/db/schema';

export interface QueueRefRow {
  id: number;
  name: string;
  color: string;
}

/** The user answer shape: an explicit whitelist, never the password hash or token version. */
export function presentUser(
  row: Selectable<UsersTable>,
  queues: QueueRefRow[],
  whatsapp: { id: number; name: string } | null = null,
): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    companyId: row.companyId,
    allTicket: row.allTicket,
    whatsappId: row.whatsappId,
    whatsapp,
    timeZone: row.timeZone,
    language: row.language,
    online: row.online,
    queues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
