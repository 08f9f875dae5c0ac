import {
  chatEvents,
  rooms,
  type ChatListEvent,
  type ChatMessageView,
  type ChatRoomEvent,
  type ChatUserEvent,
  type ChatView,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

// Chat events go to the members' own `user-{uid}` rooms only, never to the company channel (server-behaviour 15.1).

const memberRooms = (chat: ChatView): string[] => chat.users.map((member) => rooms.user(member.userId));

/** A chat was created or edited: each member gets `-chat-user-{uid}` and the list event `-chat`. */
export function chatSaved(ctx: AppContext, tx: TenantTx, action: 'create' | 'update', chat: ChatView): void {
  tx.afterCommit(() => {
    for (const member of chat.users) {
      const payload: ChatUserEvent = { action, record: chat };
      ctx.realtime.emitToRooms(
        tx.companyId,
        [rooms.user(member.userId)],
        chatEvents.ofUser(member.userId),
        payload,
      );
    }
    const update: ChatListEvent = { action: 'update', chat };
    ctx.realtime.emitToRooms(tx.companyId, memberRooms(chat), chatEvents.list, update);
    const inRoom: ChatRoomEvent = { action: 'update', chat };
    ctx.realtime.emitToRooms(tx.companyId, memberRooms(chat), chatEvents.ofChat(chat.id), inRoom);
  });
}

/** The chat is gone for these users (deleted, or they were taken out of it). */
export function chatRemovedFor(ctx: AppContext, tx: TenantTx, chatId: number, userIds: number[]): void {
  if (userIds.length === 0) return;
  tx.afterCommit(() => {
    const payload: ChatListEvent = { action: 'delete', id: chatId };
    ctx.realtime.emitToRooms(tx.companyId, userIds.map(rooms.user), chatEvents.list, payload);
  });
}

/** A new message: `-chat-{chatId}` and `-chat` with the message and the chat's new counters. */
export function chatMessageSent(
  ctx: AppContext,
  tx: TenantTx,
  chat: ChatView,
  newMessage: ChatMessageView,
): void {
  tx.afterCommit(() => {
    const payload = { action: 'new-message', chat, newMessage } as const;
    ctx.realtime.emitToRooms(tx.companyId, memberRooms(chat), chatEvents.ofChat(chat.id), payload);
    ctx.realtime.emitToRooms(tx.companyId, memberRooms(chat), chatEvents.list, payload);
  });
}

/** Unread counters changed (a member read the chat). */
export function chatCountersChanged(ctx: AppContext, tx: TenantTx, chat: ChatView): void {
  tx.afterCommit(() => {
    const update = { action: 'update', chat } as const;
    ctx.realtime.emitToRooms(tx.companyId, memberRooms(chat), chatEvents.ofChat(chat.id), update);
    ctx.realtime.emitToRooms(tx.companyId, memberRooms(chat), chatEvents.list, update);
  });
}
