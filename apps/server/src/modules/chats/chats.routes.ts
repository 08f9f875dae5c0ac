import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { listChatMessages, readChat, sendChatMessage } from './chat-messages.service';
import { createChat, deleteChat, listChats, showChat, updateChat } from './chats.service';

/** The internal chat (spec 2 sections 2 and 7, server-behaviour 15.1). */
export function registerChatsRoutes(ctx: AppContext): void {
  const r = routes.chats;
  ctx.bind(r.list, ({ actor, scope, query }) => listChats(actor, scope, query));
  ctx.bind(r.get, ({ actor, scope, params }) => showChat(actor, scope, params.id));
  ctx.bind(r.create, ({ actor, scope, body }) => createChat(ctx, actor, scope, body));
  ctx.bind(r.update, ({ actor, scope, params, body }) => updateChat(ctx, actor, scope, params.id, body));
  ctx.bind(r.remove, ({ actor, scope, params }) => deleteChat(ctx, actor, scope, params.id));
  ctx.bind(r.messages, ({ actor, scope, params, query }) => listChatMessages(actor, scope, params.id, query));
  ctx.bind(r.send, ({ actor, scope, params, body }) => sendChatMessage(ctx, actor, scope, params.id, body));
  ctx.bind(r.read, ({ actor, scope, params, body }) => readChat(ctx, actor, scope, params.id, body));
}
