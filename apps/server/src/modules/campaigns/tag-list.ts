import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { localDate } from '../../platform/time/local-time';
import type { TenantTx } from '../../platform/tenancy';

/**
 * Server-behaviour 10.3: a campaign given a tag sends to the contacts of the tickets carrying it. They become a
 * contact list named "{tag} – {date}" (dd/MM/yyyy, local); the contacts are WhatsApp chats, so valid.
 */
export async function contactListFromTag(ctx: AppContext, tx: TenantTx, tagId: number): Promise<number> {
  const tag = await tx.selectFrom('tags').where('id', '=', tagId).select('name').executeTakeFirst();
  if (!tag) throw AppError.notFound();
  const [year, month, day] = localDate(ctx.config.timeZone).split('-');
  const list = await tx
    .insertInto('contactLists')
    .values({ companyId: tx.companyId, name: `${tag.name} – ${day}/${month}/${year}`.slice(0, 50) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contacts = await tx
    .selectFrom('ticketTags')
    .innerJoin('tickets', 'tickets.id', 'ticketTags.ticketId')
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .where('ticketTags.tagId', '=', tagId)
    .where('contacts.isGroup', '=', false)
    .select(['contacts.name', 'contacts.number', 'contacts.email'])
    .distinctOn('contacts.number')
    .orderBy('contacts.number')
    .execute();
  if (contacts.length > 0) {
    await tx
      .insertInto('contactListItems')
      .values(
        contacts.map((c) => ({
          companyId: tx.companyId,
          contactListId: list.id,
          name: c.name,
          number: c.number,
          email: c.email,
          isWhatsappValid: true,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return list.id;
}
