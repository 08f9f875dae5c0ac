import { z } from 'zod';
import { calendarDay, idNumber, idParam, looseBoolean, nullableId, pageNumber, searchParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { ContactView, TicketView } from './messages';

export const ticketStatuses = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

const id = idNumber;

/** An optional reference: "", 0, false and null mean none. */
const optionalRef = nullableId.optional();

/** A JSON array of ids in a query string (`queueIds=[1,2]`); anything unreadable is no filter. */
const idList = z.preprocess((v) => {
  if (Array.isArray(v)) return v;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return undefined;
  }
}, z.array(id).optional().catch(undefined));

const queryFlag = looseBoolean.optional().catch(undefined);

/** A local day, yyyy-MM-dd; anything else is no filter. */
const localDay = calendarDay.optional().catch(undefined);

export const ListTicketsQuery = z.object({
  searchParam,
  pageNumber,
  status: z.enum(ticketStatuses).optional().catch(undefined),
  showAll: queryFlag,
  withUnreadMessages: queryFlag,
  date: localDay,
  updatedAt: localDay,
  queueIds: idList,
  tags: idList,
  users: idList,
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuery>;

export const KanbanTicketsQuery = z.object({ pageNumber, showAll: queryFlag, queueIds: idList });
export type KanbanTicketsQuery = z.infer<typeof KanbanTicketsQuery>;

/** `{tickets, count, hasMore}`, 40 per page, newest activity first (server-behaviour 5.2). */
export const ListTicketsAnswer = z.object({
  tickets: z.array(TicketView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListTicketsAnswer = z.infer<typeof ListTicketsAnswer>;

export const TICKETS_PAGE_SIZE = 40;

/** One ticket opened on its own: the contact with its extra fields and the queue's prompt and integration. */
export const TicketDetailView = TicketView.extend({
  contact: ContactView.extend({
    extraInfo: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })),
  }),
  queue: z
    .object({
      id: z.number(),
      name: z.string(),
      color: z.string(),
      promptId: z.number().nullable(),
      integrationId: z.number().nullable(),
    })
    .nullable(),
});
export type TicketDetailView = z.infer<typeof TicketDetailView>;

/** `POST /tickets`: the owner is always the caller; `userId` is accepted and ignored. */
export const CreateTicketInput = z.object({
  contactId: id,
  queueId: optionalRef,
  whatsappId: optionalRef,
  userId: optionalRef,
  status: z.literal('open', { error: m.invalid }).optional(),
});
export type CreateTicketInput = z.infer<typeof CreateTicketInput>;

/** `PUT /tickets/:id`: only the fields sent change. */
export const UpdateTicketInput = z.object({
  status: z.enum(ticketStatuses, { error: m.invalid }).optional(),
  userId: optionalRef,
  queueId: optionalRef,
  whatsappId: optionalRef,
  useIntegration: looseBoolean.optional(),
  promptId: optionalRef,
  integrationId: optionalRef,
});
export type UpdateTicketInput = z.infer<typeof UpdateTicketInput>;

/** The holder named by ERR_OTHER_OPEN_TICKET answers, next to `error`. */
export const OtherOpenTicket = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(ticketStatuses),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type OtherOpenTicket = z.infer<typeof OtherOpenTicket>;

export const ticketRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/tickets',
    auth: 'user',
    query: ListTicketsQuery,
    summary: 'Paged tickets the caller may work on (40 per page, newest activity first)',
  }),
  kanban: defineRoute({
    method: 'GET',
    path: '/ticket/kanban',
    auth: 'user',
    planFlag: 'useKanban',
    query: KanbanTicketsQuery,
    summary: 'Pending and open tickets for the kanban board',
  }),
  getByUuid: defineRoute({
    method: 'GET',
    path: '/tickets/u/:uuid',
    auth: 'user',
    params: z.object({ uuid: z.string().trim().max(100) }),
    summary: 'One ticket by its uuid (the client URL)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/tickets/:id',
    auth: 'user',
    params: idParam,
    summary: 'One ticket',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/tickets',
    auth: 'user',
    body: CreateTicketInput,
    summary: 'Open a ticket for a contact, owned by the caller',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/tickets/:id',
    auth: 'user',
    params: idParam,
    body: UpdateTicketInput,
    summary: 'Accept, return, transfer, close or reopen a ticket',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/tickets/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Delete a ticket with its messages, notes, tags, cycles and ratings',
  }),
};
