import type { Selectable } from 'kysely';
import type { ContactView } from '@zapdesk/contracts';
import type { ContactsTable } from '../../platform/db/schema';

export type ContactRow = Selectable<ContactsTable>;

/** The columns a contact answer shows: a query that only presents contacts reads just these. */
export const PRESENTED_CONTACT_COLUMNS = [
  'id',
  'name',
  'number',
  'email',
  'profilePicUrl',
  'isGroup',
  'whatsappId',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof ContactRow>;
export type PresentedContact = Pick<ContactRow, (typeof PRESENTED_CONTACT_COLUMNS)[number]>;

let placeholder = { frontendUrl: '', url: '' };

/** The front end's placeholder picture; one process has one front end, so the last address is kept. */
function placeholderPicture(frontendUrl: string): string {
  if (placeholder.frontendUrl !== frontendUrl) {
    placeholder = { frontendUrl, url: `${frontendUrl.replace(/\/+$/, '')}/nopicture.png` };
  }
  return placeholder.url;
}

/** The contact answer shape (an explicit whitelist); a missing picture becomes the front end's placeholder. */
export function presentContact(row: PresentedContact, frontendUrl: string): ContactView {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profilePicUrl || placeholderPicture(frontendUrl),
    isGroup: row.isGroup,
    whatsappId: row.whatsappId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
