import { z } from 'zod';
import { requiredId, idParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const id = requiredId;

export const ListTicketNotesQuery = z.object({ ticketId: id, contactId: id });

/** Spec 1 section 5: a note is required and at least 2 characters. */
export const TicketNoteInput = z.object({
  note: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .min(2, { error: m.tooShort })
    .max(10_000, { error: m.tooLong }),
  ticketId: id,
  contactId: id,
});
export type TicketNoteInput = z.infer<typeof TicketNoteInput>;

export const TicketNoteView = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketNoteView = z.infer<typeof TicketNoteView>;

export const ticketNoteRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/ticket-notes/list',
    auth: 'user',
    query: ListTicketNotesQuery,
    summary: "A ticket's notes about a contact, newest first",
  }),
  create: defineRoute({
    method: 'POST',
    path: '/ticket-notes',
    auth: 'user',
    body: TicketNoteInput,
    summary: 'Add a note to a ticket (the author is the caller)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/ticket-notes/:id',
    auth: 'user',
    params: idParam,
    summary: 'Delete a note (its author or an admin)',
  }),
};
