import type { TagView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useApplySavedTag, useRemoveTagFromLists } from './api';

type TagEvent = { action: 'create' | 'update'; tag: TagView } | { action: 'delete'; tagId: number };

function isTagEvent(payload: unknown): payload is TagEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete') return 'tagId' in payload && typeof payload.tagId === 'number';
  return (payload.action === 'create' || payload.action === 'update') && 'tag' in payload;
}

/** Patches the loaded tag lists from `company-{id}-tag`. */
export function useTagsLive(): void {
  const apply = useApplySavedTag();
  const remove = useRemoveTagFromLists();
  useCompanyEvent('tag', (payload) => {
    if (!isTagEvent(payload)) return;
    if (payload.action === 'delete') remove(payload.tagId);
    else apply(payload.tag);
  });
}
