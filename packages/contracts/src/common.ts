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

/**
 * Numbers the way real clients send them: JSON numbers, and the same number as text (query strings, multipart
 * fields, forms that send every value as a string). Anything else is left for the number check to refuse, unlike
 * `z.coerce`, which reads `true` as 1, `null` and "" as 0 and `[7]` as 7.
 */
export const numericText = (v: unknown): unknown => {
  if (typeof v !== 'string' || v.trim() === '') return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
};

const positiveInt = (missing: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? missing : m.invalid) })
    .int({ error: m.invalid })
    .positive({ error: m.invalid })
    .max(MAX_DB_INT, { error: m.invalid });

/** A database id: a positive integer that fits the id columns, as a number or as its text ("7"). */
export const idNumber = z.preprocess(numericText, positiveInt(m.invalid));

/** The same, for forms whose texts say "Required" when it is missing. */
export const requiredId = z.preprocess(numericText, positiveInt(m.required));

/** A count (minutes, tries, an order): a whole number from 0, as a number or as its text. */
export const wholeNumber = z.preprocess(
  numericText,
  z
    .number({ error: m.invalid })
    .int({ error: m.invalid })
    .min(0, { error: m.invalid })
    .max(MAX_DB_INT, { error: m.invalid }),
);

/** How clients say "no link": "", 0, false and null, also as text from forms and multipart. */
const NONE = new Set<unknown>(['', 0, '0', false, 'false', null, 'null']);

/** A link to another row that may be unset: an id, or one of the "none" spellings, read as null. */
export const nullableId = z.preprocess((v) => (NONE.has(v) ? null : v), idNumber.nullable());

/** An optional id of a query string or form: blank (or null) is the same as absent. */
export const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber.optional());

/** A list of ids (at most 500), each a number or its text. */
export const idList = z.array(idNumber, { error: m.invalid }).max(500, { error: m.tooLong });

export const idParam = z.object({ id: idNumber });

/** The characters people write around the digits of a phone number: `+55 (11) 92172-6728`, `11.92172.6728`. */
const PHONE_TEXT = /^[\d\s+().\-/]*$/;

/**
 * A phone number in any usual format, kept as its digits only (`+55 (11) 92172-6728` → `5511921726728`); a JSON
 * number is read as its digits. Letters are refused as invalid; the length bounds count digits.
 */
export const phoneDigits = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
    z
      .string({ error: m.required })
      .trim()
      .min(1, { error: m.required })
      .regex(PHONE_TEXT, { error: m.invalid })
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(
        z
          .string()
          .min(1, { error: m.invalid })
          .min(min, { error: m.tooShort })
          .max(max, { error: m.tooLong }),
      ),
  );

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

/** The spellings of true and false clients send: JSON booleans, 1/0 and their text, HTML checkbox on/off. */
const BOOLEANS = new Map<unknown, boolean>([
  ['true', true],
  ['false', false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
  ['on', true],
  ['off', false],
]);

/** A boolean's spelling read as the boolean; anything else unchanged, for the boolean check to refuse. */
export const booleanText = (v: unknown): unknown => BOOLEANS.get(v) ?? v;

/** A boolean as real clients send it (`read: 1`, `fromMe: "true"` in multipart, `showAll=1` in a query). */
export const looseBoolean = z.preprocess(booleanText, z.boolean());
