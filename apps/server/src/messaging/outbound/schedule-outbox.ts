import type { ScheduleOutbox } from '../../modules/schedules';
import { chatIdOfContact, lockChat } from '../inbound/chat-key';
import { messageVariables, renderTemplate } from './render-template';
import { storeOutgoing, type OutgoingEnv } from './store-outgoing';

/** The schedules module's port onto the outbox: rendered at send time, stored with origin `schedule`. */
export function scheduleOutbox(env: OutgoingEnv): ScheduleOutbox {
  return {
    lockChat: (tx, whatsappId, contact) => lockChat(tx, whatsappId, chatIdOfContact(contact)),
    async store(tx, { ticket, contact, template, media }) {
      const body = renderTemplate(
        template,
        messageVariables({
          contactName: contact.name,
          ticketId: ticket.id,
          timeZone: env.ctx.config.timeZone,
        }),
      );
      const stored = await storeOutgoing(tx, env, {
        ticket,
        contact,
        parts: [media ? { body: body.trim(), media } : { body }],
        origin: 'schedule',
      });
      return stored.ticket;
    },
  };
}
