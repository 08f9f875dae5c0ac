import { z } from 'zod';
import { idParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** What a simulated customer can send. */
export const simulatorMessageTypes = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'location',
  'vcard',
  'call',
] as const;
export type SimulatorMessageType = (typeof simulatorMessageTypes)[number];

/** Phone digits; formatting characters are dropped. */
const phone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\D/g, '') : v),
  z.string({ error: m.required }).min(8, { error: m.tooShort }).max(15, { error: m.tooLong }),
);

export const SimulatorInboundInput = z
  .object({
    from: phone.describe('The customer phone number'),
    name: z.string().trim().max(100, { error: m.tooLong }).optional().describe('The profile name'),
    group: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.replace(/@g\.us$/, '').replace(/\D/g, '') : v),
        z.string({ error: m.invalid }).min(8, { error: m.tooShort }).max(30, { error: m.tooLong }),
      )
      .optional()
      .describe('A group id (digits, or <id>@g.us): the customer writes in that group instead of privately'),
    body: z.string().max(4096, { error: m.tooLong }).optional().describe('Text, caption or vCard text'),
    type: z.enum(simulatorMessageTypes, { error: m.invalid }).default('text'),
    media: z
      .object({
        fileName: z.string().trim().min(1, { error: m.required }).max(200, { error: m.tooLong }),
        mimetype: z
          .string()
          .trim()
          .regex(/^[\w.+-]+\/[\w.+-]+$/, { error: m.invalid }),
        base64: z
          .string()
          .min(1, { error: m.required })
          .regex(/^[A-Za-z0-9+/=\s]+$/, { error: m.invalid }),
      })
      .optional()
      .describe('For image, audio, video and document; a sample file is made when absent'),
    location: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        name: z.string().max(200).optional(),
      })
      .optional(),
    externalId: z
      .string()
      .trim()
      .min(1)
      .max(200, { error: m.tooLong })
      .regex(/^[\w.:-]+$/, { error: m.invalid })
      .optional()
      .describe('The WhatsApp id; sending the same one again is a redelivery'),
    quotedExternalId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('The message this one replies to'),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'text' && !input.body?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: m.required });
    }
  });
export type SimulatorInboundInput = z.infer<typeof SimulatorInboundInput>;

export const SimulatorInboundAnswer = z.object({ externalId: z.string() });

export const SimulatorOutboxQuery = z.object({ to: phone });

/** One message our side sent to a simulated number. */
export const SimulatorOutboxItem = z.object({
  externalId: z.string(),
  to: z.string(),
  type: z.enum(['text', 'image', 'audio', 'video', 'document']),
  body: z.string(),
  fileName: z.string().nullable(),
  mimetype: z.string().nullable(),
  size: z.number().nullable(),
  voiceNote: z.boolean(),
  quotedExternalId: z.string().nullable(),
  /** 1 sent, 2 delivered, 3 read. */
  ack: z.number(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  createdAt: z.string(),
});
export type SimulatorOutboxItem = z.infer<typeof SimulatorOutboxItem>;

/**
 * `company-{id}-simulatorPresence`: our side started (`composing`) or stopped (`paused`) typing to a simulated
 * number, e.g. a Typebot waiting between two messages; the simulated phone shows "typing…".
 */
export const SIMULATOR_PRESENCE_EVENT = 'simulatorPresence';
export const SimulatorPresenceEvent = z.object({
  whatsappId: z.number(),
  to: z.string(),
  state: z.enum(['composing', 'paused']),
  /** When the server sent it (ISO time): our messages sent after it end "typing…". */
  at: z.string(),
});
export type SimulatorPresenceEvent = z.infer<typeof SimulatorPresenceEvent>;

export const simulatorRoutes = {
  scan: defineRoute({
    method: 'POST',
    path: '/simulator/connections/:id/scan',
    auth: 'admin',
    params: idParam,
    summary: "Scan a simulator connection's QR code with the fake phone",
  }),
  inbound: defineRoute({
    method: 'POST',
    path: '/simulator/connections/:id/inbound',
    auth: 'admin',
    params: idParam,
    body: SimulatorInboundInput,
    summary: 'Play a customer message (or call) to a simulator connection',
  }),
  outbox: defineRoute({
    method: 'GET',
    path: '/simulator/connections/:id/outbox',
    auth: 'admin',
    params: idParam,
    query: SimulatorOutboxQuery,
    summary: 'What our side sent to a simulated number, oldest first, with acks',
  }),
};
