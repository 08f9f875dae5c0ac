import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { TicketView } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';
import { presentContact } from '../contacts/contacts.presenter';

/**
 * Ticket answers with contact, queue {id,name,color}, user {id,name}, tags and whatsapp {id,name}
 * (server-behaviour 4.3, 5.2): one query however many tickets.
 */
export async function loadTicketViews(
  tx: TenantTx,
  frontendUrl: string,
  ids: number[],
): Promise<Map<number, TicketView>> {
  const views = new Map<number, TicketView>();
  if (ids.length === 0) return views;
  // Composite foreign keys keep every joined row in the ticket's company.
  const rows = await tx
    .selectFrom('tickets')
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .leftJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
    .where('tickets.id', 'in', ids)
    .selectAll('tickets')
    .select([
      'contacts.name as contactName',
      'contacts.number as contactNumber',
      'contacts.email as contactEmail',
      'contacts.profilePicUrl as contactPicture',
      'contacts.isGroup as contactIsGroup',
      'contacts.whatsappId as contactWhatsappId',
      'contacts.lid as contactLid',
      'contacts.nameEditedByUser as contactNameEdited',
      'contacts.pictureUpdatedAt as contactPictureAt',
      'contacts.createdAt as contactCreatedAt',
      'contacts.updatedAt as contactUpdatedAt',
      'users.name as userName',
      'queues.name as queueName',
      'queues.color as queueColor',
      'whatsapps.name as whatsappName',
    ])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('ticketTags')
          .innerJoin('tags', 'tags.id', 'ticketTags.tagId')
          .whereRef('ticketTags.ticketId', '=', 'tickets.id')
          .select(['tags.id', 'tags.name', 'tags.color'])
          .orderBy('tags.name'),
      ).as('tags'),
    )
    .execute();
  for (const t of rows) {
    const contact = presentContact(
      {
        id: t.contactId,
        companyId: t.companyId,
        name: t.contactName,
        number: t.contactNumber,
        email: t.contactEmail,
        profilePicUrl: t.contactPicture,
        isGroup: t.contactIsGroup,
        whatsappId: t.contactWhatsappId,
        lid: t.contactLid,
        nameEditedByUser: t.contactNameEdited,
        pictureUpdatedAt: t.contactPictureAt,
        createdAt: t.contactCreatedAt,
        updatedAt: t.contactUpdatedAt,
      },
      frontendUrl,
    );
    views.set(t.id, {
      id: t.id,
      uuid: t.uuid,
      status: t.status,
      contactId: t.contactId,
      contact,
      userId: t.userId,
      user: t.userId !== null && t.userName !== null ? { id: t.userId, name: t.userName } : null,
      queueId: t.queueId,
      queue:
        t.queueId !== null && t.queueName !== null && t.queueColor !== null
          ? { id: t.queueId, name: t.queueName, color: t.queueColor }
          : null,
      whatsappId: t.whatsappId,
      whatsapp:
        t.whatsappId !== null && t.whatsappName !== null ? { id: t.whatsappId, name: t.whatsappName } : null,
      tags: t.tags,
      isGroup: t.isGroup,
      chatbot: t.chatbot,
      queueOptionId: t.queueOptionId,
      lastMessage: t.lastMessage,
      fromMe: t.fromMe,
      unreadMessages: t.unreadMessages,
      useIntegration: t.useIntegration,
      integrationId: t.integrationId,
      promptId: t.promptId,
      code: t.code,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    });
  }
  return views;
}

/** One ticket's answer; throws if it is gone (callers hold it in the same transaction). */
export async function loadTicketView(tx: TenantTx, frontendUrl: string, id: number) {
  const view = (await loadTicketViews(tx, frontendUrl, [id])).get(id);
  if (!view) throw new Error(`ticket ${id} not found for presenting`);
  return view;
}
