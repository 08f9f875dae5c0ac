import type { ProviderEvent } from '..';

type Phonebook = Extract<ProviderEvent, { type: 'contacts.sync' }>['contacts'];

/**
 * The simulated phone's address book, shared with the server once when the phone is linked (a QR scan), as
 * WhatsApp's contact sync does: saved contacts with their names, one known only by its push name, and a group
 * (which POST /contacts/import leaves out). Same for every simulated phone; each company imports its own copy.
 */
export const SIMULATED_PHONEBOOK: Phonebook = [
  { id: '5511987650001@s.whatsapp.net', name: 'Ana Agenda' },
  { id: '5521987650002@s.whatsapp.net', name: 'Bruno Agenda' },
  { id: '5531987650003@s.whatsapp.net', notify: 'Carla Agenda' },
  { id: '120363000000000001@g.us', name: 'Família Agenda' },
];
