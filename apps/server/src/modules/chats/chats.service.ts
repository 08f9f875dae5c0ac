import {
  pageSizes,
  type ChatInput,
  type ChatView,
  type ListChatsAnswer,
  type PagedQuery,
  type UpdateChatInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { chatRemovedFor, chatSaved } from './chats.events';
import { assertMember, assertOwner } from './chats.policy';
import { presentChat } from './chats.presenter';
import {
  deleteChatRow,
  existingUserIds,
  getChatByKey,
  insertChat,
  membersOf,
  pageChatsOf,
  setMembers,
  updateChatRow,
  type ChatRow,
} from './chats.repository';

/** The chat with its members, as every answer and event shows it. */
export async function chatView(tx: TenantTx, row: ChatRow): Promise<ChatView> {
  return presentChat(row, await membersOf(tx, [row.id]));
}

/** A chat the caller belongs to, by uuid or id; otherwise 404. */
export async function memberChat(tx: TenantTx, actor: Actor, key: string): Promise<ChatRow> {
  const row = await getChatByKey(tx, key);
  await assertMember(tx, actor, row.id);
  return row;
}

/** The members a save asks for, plus the owner; every one must be a user of the company. */
async function checkedMembers(tx: TenantTx, ownerId: number, userIds: number[]): Promise<number[]> {
  const wanted = [...new Set([ownerId, ...userIds])];
  const found = await existingUserIds(tx, wanted);
  if (wanted.some((id) => !found.has(id))) throw AppError.notFound('ERR_NO_USER_FOUND');
  return wanted;
}

/** `GET /chats`: the caller's chats; an empty list when the plan has no internal chat (server-behaviour 1.6). */
export async function listChats(
  actor: Actor,
  scope: TenantScope,
  query: PagedQuery,
): Promise<ListChatsAnswer> {
  if (actor.company.plan?.flags.useInternalChat !== true) return { records: [], count: 0, hasMore: false };
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  // Three statements (count, page, members) that must agree: one transaction, not statement-wise reads.
  return scope.run(async (tx) => {
    const { rows, count } = await pageChatsOf(tx, actor.userId, { search: query.searchParam, limit, offset });
    const members = await membersOf(
      tx,
      rows.map((row) => row.id),
    );
    return {
      records: rows.map((row) => presentChat(row, members)),
      count,
      hasMore: offset + rows.length < count,
    };
  });
}

export function showChat(actor: Actor, scope: TenantScope, key: string): Promise<ChatView> {
  return scope.run(async (tx) => chatView(tx, await memberChat(tx, actor, key)));
}

/** Creates a chat owned by the caller; its members are the given users and the owner. */
export function createChat(ctx: AppContext, actor: Actor, scope: TenantScope, input: ChatInput) {
  return scope.run(async (tx) => {
    const members = await checkedMembers(tx, actor.userId, input.users);
    const row = await insertChat(tx, { title: input.title, ownerId: actor.userId });
    await setMembers(tx, row.id, members);
    const chat = await chatView(tx, row);
    chatSaved(ctx, tx, 'create', chat);
    return chat;
  });
}

/** Edits the title and the members (owner only); members taken out get a delete event. */
export function updateChat(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  key: string,
  input: UpdateChatInput,
): Promise<ChatView> {
  return scope.run(async (tx) => {
    const before = await memberChat(tx, actor, key);
    assertOwner(actor, before);
    const previous = (await membersOf(tx, [before.id])).map((member) => member.userId);
    if (input.users) await setMembers(tx, before.id, await checkedMembers(tx, actor.userId, input.users));
    const row = await updateChatRow(tx, before.id, input.title === undefined ? {} : { title: input.title });
    const chat = await chatView(tx, row);
    const kept = new Set(chat.users.map((member) => member.userId));
    chatSaved(ctx, tx, 'update', chat);
    chatRemovedFor(
      ctx,
      tx,
      chat.id,
      previous.filter((userId) => !kept.has(userId)),
    );
    return chat;
  });
}

/** Deletes the chat and its messages (owner only). */
export async function deleteChat(ctx: AppContext, actor: Actor, scope: TenantScope, key: string) {
  await scope.run(async (tx) => {
    const row = await memberChat(tx, actor, key);
    assertOwner(actor, row);
    const members = (await membersOf(tx, [row.id])).map((member) => member.userId);
    await deleteChatRow(tx, row.id);
    chatRemovedFor(ctx, tx, row.id, members);
  });
  return { message: 'Chat deleted' };
}
