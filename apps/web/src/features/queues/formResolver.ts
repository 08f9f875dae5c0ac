import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A contract schema as the resolver of a form whose inputs hold plain strings and booleans. The contract's
 * input type is looser (preprocessed fields read `unknown`), so only the field names tie the two together.
 */
export function contractResolver<V extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema) as unknown as Resolver<V, unknown, z.output<S>>;
}
