import { SimulatorOutboxQuery, validationMessages as m } from '@zapdesk/contracts';
import { z } from 'zod';

/** Who the page plays: a simulator connection and a customer number (with an optional profile name). */
export const ChatTargetInput = z.object({
  whatsappId: z.coerce.number({ error: m.required }).int().positive({ error: m.required }),
  from: SimulatorOutboxQuery.shape.to,
  name: z.string().trim().max(100, { error: m.tooLong }),
});
export type ChatTarget = z.infer<typeof ChatTargetInput>;
export type ChatTargetForm = z.input<typeof ChatTargetInput>;

const coordinate = (limit: number) =>
  z.coerce.number({ error: m.invalid }).min(-limit, { error: m.invalid }).max(limit, { error: m.invalid });

export const LocationInput = z.object({
  latitude: coordinate(90),
  longitude: coordinate(180),
  name: z.string().trim().max(200, { error: m.tooLong }),
});
export type LocationValues = z.infer<typeof LocationInput>;
export type LocationForm = z.input<typeof LocationInput>;

export const VcardInput = z.object({
  contactName: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(100, { error: m.tooLong }),
  contactPhone: SimulatorOutboxQuery.shape.to,
});
export type VcardValues = z.infer<typeof VcardInput>;
export type VcardForm = z.input<typeof VcardInput>;
