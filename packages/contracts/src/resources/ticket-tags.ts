import { z } from 'zod';
import { requiredId } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const id = requiredId;

/** `POST /tags/sync`: the ticket's tags become exactly these. */
export const SyncTicketTagsInput = z.object({
  ticketId: id,
  tags: z.array(z.object({ id }).loose(), { error: m.invalid }).max(500, { error: m.tooLong }),
});
export type SyncTicketTagsInput = z.infer<typeof SyncTicketTagsInput>;

export const ticketTagRoutes = {
  sync: defineRoute({
    method: 'POST',
    path: '/tags/sync',
    auth: 'user',
    body: SyncTicketTagsInput,
    summary: "Replace a ticket's tags",
  }),
  add: defineRoute({
    method: 'PUT',
    path: '/ticket-tags/:ticketId/:tagId',
    auth: 'user',
    planFlag: 'useKanban',
    params: z.object({ ticketId: id, tagId: id }),
    summary: 'Put a tag on a ticket (a kanban lane)',
  }),
  removeKanban: defineRoute({
    method: 'DELETE',
    path: '/ticket-tags/:ticketId',
    auth: 'user',
    planFlag: 'useKanban',
    params: z.object({ ticketId: id }),
    summary: "Take a ticket's kanban tags off (the other tags stay)",
  }),
};
