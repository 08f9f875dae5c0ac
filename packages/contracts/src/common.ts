import { z } from 'zod';
import { validationMessages as m } from './messages';

/** A required string of bounded length with the spec's texts. */
export const boundedString = (min: number, max: number) =>
  z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .min(min, { error: m.tooShort })
    .max(max, { error: m.tooLong });

export const emailField = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .email({ error: m.invalidEmail });

/** The largest value of a PostgreSQL integer column: ids and counts above it are invalid input, not a 500. */
export const MAX_DB_INT = 2_147_483_647;

export const idParam = z.object({
  id: z.coerce
    .number({ error: m.invalid })
    .int()
    .positive({ error: m.invalid })
    .max(MAX_DB_INT, { error: m.invalid }),
});

/** 1-based page number; missing or junk means 1. */
export const pageNumber = z.coerce.number().int().positive().catch(1).default(1);

export const searchParam = z.string().trim().max(200).optional().default('');

export const pagedQuery = z.object({ searchParam, pageNumber });
export type PagedQuery = z.infer<typeof pagedQuery>;

/** HH:mm clock time. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.timeFormat });

export const deletedAnswer = z.object({ message: z.string() });

/** A boolean that also accepts the strings "true"/"false" from query strings and forms. */
export const looseBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
