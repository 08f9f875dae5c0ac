import type { PromptView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useApplySavedPrompt, useRemovePromptFromLists } from './api';

type PromptEvent =
  { action: 'create' | 'update'; prompt: PromptView } | { action: 'delete'; promptId: number };

function isPromptEvent(payload: unknown): payload is PromptEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete') return 'promptId' in payload && typeof payload.promptId === 'number';
  return (payload.action === 'create' || payload.action === 'update') && 'prompt' in payload;
}

/** Patches the loaded prompt lists from `company-{id}-prompt`. */
export function usePromptsLive(): void {
  const apply = useApplySavedPrompt();
  const remove = useRemovePromptFromLists();
  useCompanyEvent('prompt', (payload) => {
    if (!isPromptEvent(payload)) return;
    if (payload.action === 'delete') remove(payload.promptId);
    else apply(payload.prompt);
  });
}
