import type { OutgoingTask } from '../../modules/messages';
import type { ChatPresence, MediaRef } from '../providers';

export type { OutgoingMedia } from '../../modules/messages';

/**
 * Work for the process that owns a connection's session, kept as outbox rows so it survives a crash and runs
 * once. `send` goes through the per-connection rate limit; `download` has its own lane so big files never hold
 * up replies.
 */
export type OutboxTask =
  | OutgoingTask
  | { kind: 'download'; messageId: number; media: MediaRef }
  | { kind: 'rejectCall'; callId: string; from: string }
  /** "typing…" in the chat; `key` makes each occurrence its own row (a bot turn's step). */
  | { kind: 'presence'; chatId: string; state: ChatPresence; key: string };

export type OutboxKind = OutboxTask['kind'];

export const downloadKinds: OutboxKind[] = ['download'];
export const sendLaneKinds: OutboxKind[] = ['send', 'markRead', 'rejectCall', 'presence'];

/** Retries before a task is given up (sends then show ERR_SENDING_WAPP_MSG on the message). */
export const maxAttempts: Record<OutboxKind, number> = {
  send: 5,
  download: 3,
  markRead: 3,
  rejectCall: 2,
  // A late "typing…" would only mislead: never retried.
  presence: 1,
};

/** The key that makes a task unique per company, so enqueueing twice runs it once. */
export function idempotencyKeyOf(task: OutboxTask): string {
  switch (task.kind) {
    case 'send':
      return `send:${task.messageId}`;
    case 'download':
      return `download:${task.messageId}`;
    case 'markRead':
      return `read:${task.chatId}:${task.wids.join(',')}`;
    case 'rejectCall':
      return `call:${task.callId}`;
    case 'presence':
      return `presence:${task.key}`;
  }
}

export function messageIdOf(task: OutboxTask): number | null {
  return 'messageId' in task ? task.messageId : null;
}
