import { z } from 'zod';

/**
 * The Cloud API's webhook body, as far as we read it. The envelope is parsed strictly; the items inside
 * (messages, statuses, contacts) one by one, so an item of a shape we do not know is skipped instead of
 * failing the whole delivery, which Meta would then retry for days.
 */
export const CloudWebhookEnvelope = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(z.object({ field: z.string(), value: z.unknown() })),
    }),
  ),
});

export const CloudChangeValue = z.object({
  metadata: z.object({ phone_number_id: z.string(), display_phone_number: z.string().optional() }).optional(),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
});

export const CloudContact = z.object({
  wa_id: z.string(),
  profile: z.object({ name: z.string().optional() }).optional(),
});

const media = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  file_size: z.number().optional(),
  voice: z.boolean().optional(),
});

const sharedContact = z.object({
  name: z.object({ formatted_name: z.string().optional(), first_name: z.string().optional() }).optional(),
  phones: z.array(z.object({ phone: z.string().optional(), wa_id: z.string().optional() })).optional(),
});

export const CloudMessage = z.object({
  from: z.string(),
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  context: z.object({ id: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: media.optional(),
  audio: media.optional(),
  video: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  contacts: z.array(sharedContact).optional(),
  reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
      list_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
    })
    .optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
});
export type CloudMessage = z.infer<typeof CloudMessage>;
export type CloudSharedContact = z.infer<typeof sharedContact>;

export const CloudStatus = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }),
    )
    .optional(),
});
export type CloudStatus = z.infer<typeof CloudStatus>;
