import type { ContactListItemView, ContactListView } from '@zapdesk/contracts';
import type { ContactListItemRow } from './contact-list-items.repository';
import type { ContactListRow } from './contact-lists.repository';

export function presentContactList(row: ContactListRow): ContactListView {
  return {
    id: row.id,
    name: row.name,
    contactsCount: row.contactsCount,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentContactListItem(row: ContactListItemRow): ContactListItemView {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    companyId: row.companyId,
    contactListId: row.contactListId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
