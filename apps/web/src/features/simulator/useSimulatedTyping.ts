import { useEffect, useState } from 'react';
import { SIMULATOR_PRESENCE_EVENT } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import type { ChatTarget } from './schemas';
import { isTyping, TYPING_MAX_MS, typingAfter, type Typing } from './typing';

/**
 * Whether the simulated phone shows that we are typing in the open chat (`company-{id}-simulatorPresence`, e.g. a
 * Typebot waiting between two messages). Our next message (`ours`: what we sent to the chat), or a quiet spell,
 * ends it.
 */
export function useSimulatedTyping(
  target: ChatTarget | null,
  ours: ReadonlyArray<{ createdAt: string }>,
): boolean {
  const [typing, setTyping] = useState<Typing | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useCompanyEvent(SIMULATOR_PRESENCE_EVENT, (payload) => {
    const heardAt = Date.now();
    setNow(heardAt);
    setTyping((current) => typingAfter(current, payload, target, heardAt));
  });
  // Renders again once the longest "typing…" is over, so a bot that went quiet stops showing it.
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setNow(Date.now()), TYPING_MAX_MS);
    return () => clearTimeout(timer);
  }, [typing]);
  const chatKey = target ? `${target.whatsappId}:${target.from}` : null;
  return isTyping(typing, chatKey, ours, now);
}
