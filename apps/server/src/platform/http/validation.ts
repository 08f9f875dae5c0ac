import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses input with a contract schema; failure is a 400 naming each field with its first failing rule. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw AppError.validation(fields);
}
