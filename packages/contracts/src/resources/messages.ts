import { z } from 'zod';
import { idParam, looseBoolean, pageNumber } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** Spec 1 section 3: the kinds of message content the client renders. */
export const mediaTypes = [
  'conversation',
  'extendedTextMessage',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'liveLocationMessage',
  'vcard',
  'contactMessage',
  'contactsArrayMessage',
  'stickerMessage',
  'reactionMessage',
  'buttonsResponseMessage',
  'listResponseMessage',
  'call_log',
] as const;

export const messageOrigins = [
  'customer',
  'agent',
  'phone',
  'api',
  'bot',
  'schedule',
  'campaign',
  'system',
] as const;

export const ContactView = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** The stored picture, or the front end's `nopicture.png` when WhatsApp gave none. */
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  whatsappId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactView = z.infer<typeof ContactView>;

const TagRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** The ticket answer shape of server-behaviour 4.3 / 5.2 (the tickets issue adds its routes around it). */
export const TicketView = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(['pending', 'open', 'closed']),
  contactId: z.number(),
  contact: ContactView,
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(TagRef),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  queueOptionId: z.number().nullable(),
  lastMessage: z.string(),
  /** The last message's mediaType when it has no text of its own (a file without caption, a location, a vCard). */
  lastMediaType: z.string().nullable(),
  fromMe: z.boolean(),
  unreadMessages: z.number(),
  useIntegration: z.boolean(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  code: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketView = z.infer<typeof TicketView>;

const QuotedMessageView = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const MessageView = z.object({
  /** The server's own id (routes, events, quotedMsg). */
  id: z.number(),
  /** WhatsApp's id, once known. */
  wid: z.string().nullable(),
  ticketId: z.number(),
  /** The ticket's attendance cycle the message belongs to; the chat marks where one cycle ends. */
  cycleId: z.number().nullable(),
  contactId: z.number().nullable(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: z.string(),
  /** Absolute `{BACKEND_URL}/public/…`, or null (no media, or not downloaded yet). */
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** 0 queued, 1 sent, 2 delivered, 3 read, 4 played. */
  ack: z.number(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isAutomatic: z.boolean(),
  origin: z.enum(messageOrigins),
  quotedMsgId: z.number().nullable(),
  quotedMsg: QuotedMessageView.nullable(),
  /** Why sending failed for good (ERR_SENDING_WAPP_MSG: …); null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageView = z.infer<typeof MessageView>;

export const ListMessagesQuery = z.object({ pageNumber });

/** `GET /messages/:ticketId`: 20 per page from the newest, each page oldest-first. */
export const ListMessagesAnswer = z.object({
  count: z.number(),
  messages: z.array(MessageView),
  ticket: TicketView,
  hasMore: z.boolean(),
});
export type ListMessagesAnswer = z.infer<typeof ListMessagesAnswer>;

const quotedMsg = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : typeof v === 'string' ? safeJson(v) : v),
  z
    .object({
      id: z.coerce.number({ error: m.invalid }).int({ error: m.invalid }).positive({ error: m.invalid }),
    })
    .loose()
    .nullable()
    .optional(),
);

/** The JSON form of a send; the multipart form carries the same fields plus `medias` files. */
export const SendMessageInput = z.object({
  body: z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).max(65_536, { error: m.tooLong })),
  fromMe: looseBoolean.optional(),
  read: looseBoolean.optional(),
  /** Resends a file already stored for this company (its `/public/…` address); nothing else is fetched. */
  mediaUrl: z.string().max(2000, { error: m.tooLong }).nullable().optional(),
  quotedMsg,
});
export type SendMessageInput = z.infer<typeof SendMessageInput>;

/** What a send answers: the stored messages, queued for WhatsApp (ack 0). */
export const SendMessageAnswer = z.object({ messages: z.array(MessageView) });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const messageRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/messages/:ticketId',
    auth: 'user',
    params: z.object({ ticketId: idParam.shape.id }),
    query: ListMessagesQuery,
    summary: "A page of a ticket's messages (20 from the newest, oldest-first)",
  }),
  send: defineRoute({
    method: 'POST',
    path: '/messages/:ticketId',
    auth: 'user',
    params: z.object({ ticketId: idParam.shape.id }),
    body: SendMessageInput,
    multipart: true,
    summary: 'Send a message in a ticket (JSON, or multipart with medias[])',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/messages/:id',
    auth: 'user',
    params: idParam,
    summary: 'Delete one of our own messages for everyone',
  }),
};
