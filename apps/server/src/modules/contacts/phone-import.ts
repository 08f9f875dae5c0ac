import type { TenantScope } from '../../platform/tenancy';
import { findDefaultConnection } from '../whatsapps';
import { contactsReloaded } from './contacts.events';
import { presentContact, type ContactRow } from './contacts.presenter';
import type { ContactsEnv } from './contacts.service';

const CHUNK = 1000;

/** `5511999990000@s.whatsapp.net` (or `…:12@…`) → its phone digits; groups, LIDs and broadcasts → null. */
export function phoneOfJid(jid: string): string | null {
  const [user, server] = jid.split('@');
  if (server !== 's.whatsapp.net' && server !== 'c.us') return null;
  const digits = (user ?? '').split(':')[0] ?? '';
  return /^\d{8,50}$/.test(digits) ? digits : null;
}

/**
 * POST /contacts/import: the phone contacts the default connection knows (whatsapp_contacts), minus groups and
 * numbers the company already has. Answers how many were added; `-contact` reload with them.
 */
export async function importPhoneContacts(env: ContactsEnv, scope: TenantScope): Promise<{ count: number }> {
  const created = await scope.run(async (tx) => {
    const connection = await findDefaultConnection(tx);
    const known = await tx
      .selectFrom('whatsappContacts')
      .where('whatsappId', '=', connection.id)
      .select(['jid', 'name', 'notify'])
      .orderBy('id')
      .execute();
    const byNumber = new Map<string, string>();
    for (const entry of known) {
      const number = phoneOfJid(entry.jid);
      if (!number || byNumber.has(number)) continue;
      byNumber.set(number, (entry.name || entry.notify || number).trim().slice(0, 50) || number);
    }
    const values = [...byNumber].map(([number, name]) => ({
      companyId: tx.companyId,
      number,
      name,
      whatsappId: connection.id,
    }));
    const rows: ContactRow[] = [];
    for (let start = 0; start < values.length; start += CHUNK) {
      const inserted = await tx
        .insertInto('contacts')
        .values(values.slice(start, start + CHUNK))
        .onConflict((oc) => oc.columns(['companyId', 'number']).doNothing())
        .returningAll()
        .execute();
      rows.push(...inserted);
    }
    return rows;
  });
  if (created.length > 0) {
    contactsReloaded(
      env.ctx,
      scope.companyId,
      created.map((row) => presentContact(row, env.ctx.config.frontendUrl)),
    );
  }
  return { count: created.length };
}
