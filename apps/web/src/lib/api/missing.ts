import { isNotFound } from './ApiError';

/**
 * Routes of features still being built answer 404; the shell shows "nothing yet" for them instead of an
 * error (empty badges and lists, no toasts).
 */
export async function emptyWhenMissing<T>(call: Promise<T>, empty: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) return empty;
    throw error;
  }
}
