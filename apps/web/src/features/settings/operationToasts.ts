import { useEffect } from 'react';
import i18n from 'i18next';
import { isApiError } from '../../lib/api/ApiError';
import { errorText, toast } from '../../lib/toast';

/** Codes too vague to beat the tab's own text. */
const genericCodes: ReadonlySet<string> = new Set([
  'ERR_VALIDATION',
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_NOT_FOUND',
]);

/**
 * Spec 1 section 8: companies, plans and helps have their own error texts (errorList, error,
 * errorOperation). A translated server code that names the problem (a name in use, a plan in use) is shown
 * instead, being more useful.
 */
export function toastOperationError(error: unknown, fallback: string): void {
  if (isApiError(error)) {
    if (error.sessionEnded) return;
    if (error.code && !genericCodes.has(error.code) && i18n.exists(`errors:${error.code}`)) {
      toast.error(errorText(error.code));
      return;
    }
  } else {
    console.error(error);
  }
  toast.error(fallback);
}

/** Shows the tab's list error once each time its list fails to load. */
export function useListErrorToast(failed: boolean, text: string): void {
  useEffect(() => {
    if (failed) toast.error(text);
  }, [failed, text]);
}
