import type { CampaignView, ContactListItemView, ContactListView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useApplyCampaign } from './campaignsApi';
import { useApplyContactList, useApplyItem } from './contactListsApi';

type Live<T> =
  { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number } | { action: 'reload' };

function isLive<T>(payload: unknown): payload is Live<T> {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete') return 'id' in payload && typeof payload.id === 'number';
  if (payload.action === 'reload') return true;
  return (payload.action === 'create' || payload.action === 'update') && 'record' in payload;
}

/** Patches the loaded contact lists from `company-{id}-ContactList`. */
export function useContactListsLive(): void {
  const apply = useApplyContactList();
  useCompanyEvent('ContactList', (payload) => {
    if (!isLive<ContactListView>(payload)) return;
    if (payload.action === 'delete') apply.remove(payload.id);
    else if (payload.action !== 'reload') apply.upsert(payload.record);
  });
}

/** Items of one list: updates (the WhatsApp check) and the per-list reload after an import. */
export function useContactListItemsLive(listId: number): void {
  const apply = useApplyItem(listId);
  const handle = (payload: unknown) => {
    if (!isLive<ContactListItemView>(payload)) return;
    if (payload.action === 'reload') void apply.reload();
    else if (payload.action === 'delete') apply.remove(payload.id);
    else if (payload.record.contactListId === listId) apply.upsert(payload.record);
  };
  useCompanyEvent('ContactListItem', handle);
  useCompanyEvent(`ContactListItem-${listId}`, handle);
}

/** `company-{id}-campaign`: the table and the report follow the dispatcher. */
export function useCampaignsLive(onUpdate?: (campaign: CampaignView) => void): void {
  const apply = useApplyCampaign();
  useCompanyEvent('campaign', (payload) => {
    if (!isLive<CampaignView>(payload)) return;
    if (payload.action === 'delete') apply.remove(payload.id);
    else if (payload.action !== 'reload') {
      apply.upsert(payload.record);
      onUpdate?.(payload.record);
    }
  });
}
