import type { ExternalSendInput } from '@zapdesk/contracts';
import { AppError } from '../../platform/http/app-error';
import type { ApiCaller } from '../../platform/http/route-binder';
import type { UploadedFile } from '../../platform/storage/multipart-upload';
import type { TenantScope } from '../../platform/tenancy';
import { lockChat, presentContact, upsertContact } from '../contacts';
import {
  messageVariables,
  prepareOutgoingMedia,
  renderTemplate,
  sendMessage,
  ticketMessagesOf,
  type MessagesEnv,
  type OutgoingPart,
} from '../messages';
import { emitTicketUpdate, findOrCreateTicketForCustomer, loadTicketView, resolveTicket } from '../tickets';

/** The messages module's environment: the platform, the media folder, and the outbox and session ports. */
export type ExternalSendEnv = MessagesEnv;

/**
 * POST /api/messages/send (server-behaviour 16): the number is checked on WhatsApp through the token's
 * connection, the contact upserted, the ticket found or created on that connection (new or closed → pending with
 * a new cycle), the messages stored with origin api and queued; `closeTicket` resolves it silently.
 */
export async function sendExternal(
  env: ExternalSendEnv,
  caller: ApiCaller,
  scope: TenantScope,
  request: { input: ExternalSendInput; bodies: string[]; files: UploadedFile[] },
): Promise<{ mensagem: 'Mensagem enviada' }> {
  const { input, files } = request;
  if (files.length === 0 && input.body.trim() === '') throw AppError.validation({ body: 'Required' });
  // Through the token's connection, on whichever node runs its session.
  const check = await env.sessions
    .checkNumber(caller.companyId, caller.whatsappId, input.number)
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      env.ctx.log.warn({ err: error, whatsappId: caller.whatsappId }, 'number check failed');
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 'Could not check the number on WhatsApp');
    });
  if (!check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'Not a WhatsApp number');
  const number = (check.number ?? input.number).replace(/\D/g, '');
  const media = await Promise.all(
    files.map((file) => prepareOutgoingMedia(env.storage, caller.companyId, file, env.ctx.log)),
  );

  try {
    await store(env, caller, scope, request, number, media);
  } catch (error) {
    // Nothing was stored: the uploaded (and converted) files go too.
    await Promise.all(media.map((m) => env.storage.remove(m.path)));
    throw error;
  }
  return { mensagem: 'Mensagem enviada' };
}

async function store(
  env: ExternalSendEnv,
  caller: ApiCaller,
  scope: TenantScope,
  request: { input: ExternalSendInput; bodies: string[] },
  number: string,
  media: NonNullable<OutgoingPart['media']>[],
): Promise<void> {
  const { input } = request;
  await scope.run(async (tx) => {
    const { ctx } = env;
    await lockChat(tx, caller.whatsappId, number);
    const { contact, change } = await upsertContact(tx, { number, whatsappId: caller.whatsappId });
    const found = await findOrCreateTicketForCustomer(tx, {
      contactId: contact.id,
      whatsappId: caller.whatsappId,
      isGroup: false,
    });
    const variables = messageVariables({
      contactName: contact.name,
      ticketId: found.ticket.id,
      timeZone: ctx.config.timeZone,
    });
    const render = (text: string) => renderTemplate(text, variables);
    const parts: OutgoingPart[] =
      media.length > 0
        ? media.map((file, i) => ({ body: render(request.bodies[i] ?? input.body).trim(), media: file }))
        : [{ body: render(input.body) }];
    const stored = await sendMessage(tx, env, { ticket: found.ticket, contact, parts, origin: 'api' });
    const companyId = tx.companyId;
    const ticketEvents: Array<() => void> = [];
    if (input.closeTicket) {
      // Resolved quietly: no rating request, no completion message; its events go out after the contact's.
      await resolveTicket(tx, { ctx, messages: ticketMessagesOf(env) }, stored.ticket, {
        rating: false,
        completion: false,
        defer: (fn) => ticketEvents.push(fn),
      });
    } else {
      const ticketView = await loadTicketView(tx, ctx.config.frontendUrl, found.ticket.id);
      ticketEvents.push(() => emitTicketUpdate(ctx.realtime, companyId, ticketView, found.before));
    }
    const contactView = presentContact(contact, ctx.config.frontendUrl);
    tx.afterCommit(() => {
      if (change) {
        ctx.realtime.emitToCompany(companyId, 'contact', {
          action: change === 'created' ? 'create' : 'update',
          contact: contactView,
        });
      }
      for (const emit of ticketEvents) emit();
    });
  });
}
