import { mapContactLid } from '../../modules/contacts';
import type { InboundEnv } from './inbound-env';

/** A phone ↔ LID mapping: the contact with that phone keeps its alias id (server-behaviour 7.2 step 4). */
export async function handleIdentity(env: InboundEnv, lid: string, phone: string): Promise<void> {
  await mapContactLid(env.tx, phone, lid);
}

/** Phone-book data, kept deduplicated per connection and jid for POST /contacts/import (7.7). */
export async function handleContactsSync(
  env: InboundEnv,
  contacts: Array<{ id: string; name?: string; notify?: string }>,
): Promise<void> {
  const rows = contacts
    .filter((c) => c.id.length > 0)
    .map((c) => ({
      companyId: env.tx.companyId,
      whatsappId: env.whatsappId,
      jid: c.id,
      name: c.name ?? null,
      notify: c.notify ?? null,
    }));
  // Later entries of one batch win; PostgreSQL refuses one statement touching a row twice.
  const unique = [...new Map(rows.map((r) => [r.jid, r])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    await env.tx
      .insertInto('whatsappContacts')
      .values(unique.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['companyId', 'whatsappId', 'jid']).doUpdateSet((eb) => ({
          name: eb.fn.coalesce('excluded.name', 'whatsappContacts.name'),
          notify: eb.fn.coalesce('excluded.notify', 'whatsappContacts.notify'),
          updatedAt: new Date(),
        })),
      )
      .execute();
  }
}
