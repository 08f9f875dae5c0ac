import type { z } from 'zod';
import { validationMessages } from '@zapdesk/contracts';
import { AppError } from './app-error';

/** Parses input with a contract schema; failure is a 400 naming each field with its first failing rule. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const unstorable = pathOfUnstorableText(raw);
  if (unstorable) {
    throw new AppError('ERR_VALIDATION', 'Text with a NUL character or a lone UTF-16 surrogate', {
      fields: { [unstorable.join('.') || '_']: validationMessages.invalid },
    });
  }
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw AppError.validation(fields);
}

/** Half of a UTF-16 surrogate pair without its other half: JSON's `"\ud800"` decodes to one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where text that cannot be stored hides in the input, if anywhere: a NUL character (PostgreSQL text cannot hold
 * one) or a lone surrogate (no UTF-8 spelling: JSON columns refuse it, WhatsApp would get garbage). Either would
 * fail later as a 500; it is refused up front instead, naming its field.
 */
function pathOfUnstorableText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\0') || LONE_SURROGATE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = pathOfUnstorableText(child, [...path, key]);
    if (found) return found;
  }
  return null;
}
