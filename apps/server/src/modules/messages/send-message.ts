import type { MessageView, SendMessageInput } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { mimeOfFileName } from '../../platform/storage/mime-types';
import type { UploadedFile } from '../../platform/storage/multipart-upload';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { chatIdOfContact, lockChat } from '../contacts';
import { getVisibleTicket, type TicketRow } from '../tickets';
import { loadMessageViews } from './messages.presenter';
import type { MessagesEnv } from './messages.env';
import { prepareOutgoingMedia } from './prepare-media';
import { messageVariables, renderTemplate } from './render-template';
import { sendMessage, type OutgoingPart } from './store-outgoing';
import { resetUnreadAfterCommit } from './unread-reset';

export interface SendRequest {
  input: SendMessageInput;
  /** Multipart `body` values: one for every file, or one per file. */
  bodies: string[];
  files: UploadedFile[];
}

/**
 * POST /messages/:ticketId (server-behaviour 6.2): visibility-checked; refused on closed tickets, without a
 * connected connection and for blank text. Texts are rendered; the message rows (ack 0) and their outbox rows
 * are written in one transaction; the agent's send resets the ticket's unread count.
 */
export async function sendAgentMessage(
  env: MessagesEnv,
  actor: Actor,
  scope: TenantScope,
  ticketId: number,
  request: SendRequest,
): Promise<{ messages: MessageView[] }> {
  const media = await Promise.all(
    request.files.map((file) => prepareOutgoingMedia(env.storage, scope.companyId, file, env.ctx.log)),
  );
  try {
    return await store(env, actor, scope, ticketId, request, media);
  } catch (error) {
    // Nothing was stored: the uploaded (and converted) files go too.
    await Promise.all(media.map((m) => env.storage.remove(m.path)));
    throw error;
  }
}

function store(
  env: MessagesEnv,
  actor: Actor,
  scope: TenantScope,
  ticketId: number,
  request: SendRequest,
  media: NonNullable<OutgoingPart['media']>[],
): Promise<{ messages: MessageView[] }> {
  return scope.run(async (tx) => {
    const seen = await getVisibleTicket(tx, actor, ticketId);
    const contact = await tx
      .selectFrom('contacts')
      .where('id', '=', seen.contactId)
      .selectAll()
      .executeTakeFirstOrThrow();
    // The chat's lock before the ticket's row, in the order inbound processing takes them (no deadlock).
    if (seen.whatsappId !== null) await lockChat(tx, seen.whatsappId, chatIdOfContact(contact));
    const ticket = await getVisibleTicket(tx, actor, ticketId, { forUpdate: true });
    if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'The ticket is closed');
    await assertConnected(tx, ticket);
    const quotedMsgId = await quotedOf(tx, ticket, request.input.quotedMsg?.id);
    const variables = messageVariables({
      contactName: contact.name,
      ticketId: ticket.id,
      timeZone: env.ctx.config.timeZone,
    });
    const render = (text: string) => renderTemplate(text, variables);
    const parts = partsOf(tx.companyId, env, request, media, render);
    const stored = await sendMessage(tx, env, {
      ticket,
      contact,
      parts,
      origin: 'agent',
      quotedMsgId,
    });
    await resetUnreadAfterCommit(env, tx, ticket);
    const messages = await loadMessageViews(
      tx,
      env.storage,
      stored.messages.map((m) => m.id),
    );
    return { messages };
  });
}

function partsOf(
  companyId: number,
  env: MessagesEnv,
  request: SendRequest,
  media: NonNullable<OutgoingPart['media']>[],
  render: (text: string) => string,
): OutgoingPart[] {
  const { input, bodies } = request;
  if (media.length > 0) {
    return media.map((file, i) => ({
      body: render(bodies[i] ?? bodies[0] ?? input.body).trim(),
      media: file,
    }));
  }
  if (input.mediaUrl) {
    const path = env.storage.ownFileFromUrl(companyId, input.mediaUrl);
    if (!path) throw AppError.validation({ mediaUrl: 'Invalid value' });
    const fileName = path.slice(path.lastIndexOf('/') + 1).replace(/^[0-9a-f-]{36}-/, '');
    return [
      { body: render(input.body).trim(), media: { path, mimetype: mimeOfFileName(fileName), fileName } },
    ];
  }
  const body = render(input.body);
  if (body.trim() === '') throw AppError.validation({ body: 'Required' });
  return [{ body }];
}

async function assertConnected(tx: TenantTx, ticket: TicketRow): Promise<void> {
  const connection =
    ticket.whatsappId === null
      ? undefined
      : await tx
          .selectFrom('whatsapps')
          .where('id', '=', ticket.whatsappId)
          .select('status')
          .executeTakeFirst();
  if (connection?.status !== 'CONNECTED') {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection of this ticket is not connected');
  }
}

/** A reply must quote a message of the same ticket. */
async function quotedOf(tx: TenantTx, ticket: TicketRow, id: number | undefined): Promise<number | null> {
  if (id === undefined) return null;
  const quoted = await tx
    .selectFrom('messages')
    .where('id', '=', id)
    .where('ticketId', '=', ticket.id)
    .select('id')
    .executeTakeFirst();
  if (!quoted) throw AppError.validation({ quotedMsg: 'Invalid value' });
  return quoted.id;
}
