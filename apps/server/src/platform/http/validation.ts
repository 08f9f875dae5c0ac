import type { z } from 'zod';
import { validationMessages } from '@zapdesk/contracts';
import { AppError } from './app-error';

/** Parses input with a contract schema; failure is a 400 naming each field with its first failing rule. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const nul = pathOfNul(raw);
  if (nul) throw AppError.validation({ [nul.join('.') || '_']: validationMessages.invalid });
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw AppError.validation(fields);
}

/**
 * Where a NUL character hides in the input, if anywhere. PostgreSQL text cannot hold one, so such a string
 * would fail in the database as a 500; it is refused up front instead, naming its field.
 */
function pathOfNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = pathOfNul(child, [...path, key]);
    if (found) return found;
  }
  return null;
}
