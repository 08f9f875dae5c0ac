import type { ContactView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useApplySavedContact, useReloadContacts, useRemoveContactFromLists } from './api';

type ContactEvent =
  | { action: 'create' | 'update'; contact: ContactView }
  | { action: 'delete'; contactId: number }
  | { action: 'reload' };

function isContactEvent(payload: unknown): payload is ContactEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'reload') return true;
  if (payload.action === 'delete') return 'contactId' in payload && typeof payload.contactId === 'number';
  return (
    (payload.action === 'create' || payload.action === 'update') &&
    'contact' in payload &&
    typeof payload.contact === 'object' &&
    payload.contact !== null
  );
}

/** Patches the loaded contact lists from `company-{id}-contact`; `reload` refetches them. */
export function useContactsLive(): void {
  const apply = useApplySavedContact();
  const remove = useRemoveContactFromLists();
  const reload = useReloadContacts();
  useCompanyEvent('contact', (payload) => {
    if (!isContactEvent(payload)) return;
    if (payload.action === 'reload') reload();
    else if (payload.action === 'delete') remove(payload.contactId);
    else apply(payload.contact);
  });
}
