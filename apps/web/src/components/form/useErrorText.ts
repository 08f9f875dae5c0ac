import { useTranslation } from 'react-i18next';
import { validationMessages } from '@zapdesk/contracts';

type MessageKey = keyof typeof validationMessages;

const keyOfMessage = new Map<string, MessageKey>(
  (Object.entries(validationMessages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * Translates a form error: a contract validation text ("Too Short!") or a key of the `validation`
 * namespace ("passwordsMismatch"); anything else is shown as it is.
 */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('validation');
  return (message) => {
    if (!message) return message;
    const key = keyOfMessage.get(message) ?? message;
    return i18n.exists(key, { ns: 'validation' }) ? t(key as MessageKey) : message;
  };
}
