import i18n from 'i18next';
import { enqueueSnackbar, type VariantType } from 'notistack';
import { isApiError } from './api/ApiError';

/** Spec 1 section 8: errors close after 2000 ms, every other toast after 3000 ms. */
export const ERROR_TOAST_MS = 2000;
export const TOAST_MS = 3000;

function show(message: string, variant: VariantType): void {
  // The provider registers the global function when it mounts; before that there is nowhere to show it.
  if (typeof enqueueSnackbar !== 'function') return;
  enqueueSnackbar(message, {
    variant,
    autoHideDuration: variant === 'error' ? ERROR_TOAST_MS : TOAST_MS,
  });
}

export const toast = {
  success: (message: string) => show(message, 'success'),
  info: (message: string) => show(message, 'info'),
  warning: (message: string) => show(message, 'warning'),
  error: (message: string) => show(message, 'error'),
};

/** The translated text of a server error code, or the code itself when the catalogue lacks it. */
export function errorText(code: string): string {
  const key = `errors:${code}`;
  return i18n.exists(key) ? i18n.t(key as 'errors:ERR_NOT_FOUND') : code;
}

/** Shows a failed call: its error code translated (raw when unknown); without a code it is only logged. */
export function toastError(error: unknown): void {
  if (isApiError(error)) {
    if (error.sessionEnded) return;
    if (error.code) {
      show(errorText(error.code), 'error');
      return;
    }
  }
  console.error(error);
}
