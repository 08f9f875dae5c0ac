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

/**
 * A calendar day, yyyy-MM-dd, that exists: "2026-02-30" or year 0 would reach the database as a date cast and
 * fail there, so they are refused here.
 */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return v >= '0001-01-01' && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  });

/** HH:mm clock time. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.timeFormat });

export const deletedAnswer = z.object({ message: z.string() });

/** A boolean that also accepts the strings "true"/"false" from query strings and forms. */
export const looseBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
