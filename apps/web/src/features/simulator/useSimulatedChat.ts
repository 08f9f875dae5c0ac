import { useState } from 'react';
import { useOutbox, useSendInbound, type InboundBody } from './api';
import { mergeConversation, type ConversationItem, type CustomerMessage } from './conversation';
import type { ChatTarget } from './schemas';
import { useSimulatedTyping } from './useSimulatedTyping';

export type OutgoingMessage = Omit<InboundBody, 'from' | 'name'>;

let sequence = 0;
const nextLocalId = () => `${Date.now()}-${(sequence += 1)}`;

/** One simulated conversation: what the customer sends from here, and our side's answers polled. */
export function useSimulatedChat(target: ChatTarget | null) {
  const [sent, setSent] = useState<Record<string, CustomerMessage[]>>({});
  const connectionId = target?.whatsappId ?? null;
  const chatKey = target ? `${target.whatsappId}:${target.from}` : null;
  const inbound = useSendInbound(connectionId);
  const outbox = useOutbox(connectionId, target?.from ?? null);
  const typing = useSimulatedTyping(target, outbox.data ?? []);

  const patch = (key: string, localId: string, change: Partial<CustomerMessage>) =>
    setSent((all) => ({
      ...all,
      [key]: (all[key] ?? []).map((message) =>
        message.localId === localId ? { ...message, ...change } : message,
      ),
    }));

  const send = (message: OutgoingMessage, label: string | null = null) => {
    if (!target || !chatKey) return;
    const shown: CustomerMessage = {
      localId: nextLocalId(),
      type: message.type ?? 'text',
      body: message.body ?? '',
      label,
      location: message.location ?? null,
      createdAt: new Date().toISOString(),
      state: 'sending',
      externalId: null,
    };
    setSent((all) => ({ ...all, [chatKey]: [...(all[chatKey] ?? []), shown] }));
    inbound.mutate(
      { ...message, from: target.from, name: target.name || undefined },
      {
        onSuccess: ({ externalId }) => patch(chatKey, shown.localId, { state: 'accepted', externalId }),
        onError: () => patch(chatKey, shown.localId, { state: 'failed' }),
      },
    );
  };

  const items: ConversationItem[] = chatKey ? mergeConversation(sent[chatKey] ?? [], outbox.data ?? []) : [];
  return { items, typing, send, sending: inbound.isPending, outboxFailed: outbox.isError };
}
