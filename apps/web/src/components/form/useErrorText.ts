import { useTranslation } from 'react-i18next';
import { validationMessages } from '@zapdesk/contracts';

type MessageKey = keyof typeof validationMessages;

const keyOfMessage = new Map<string, MessageKey>(
  (Object.entries(validationMessages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** Translates a contract validation message (or a `validation:` key); other texts pass through. */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('validation');
  return (message) => {
    if (!message) return message;
    const key = keyOfMessage.get(message);
    if (key) return t(key);
    if (message === 'passwordsMismatch') return t('passwordsMismatch');
    return message;
  };
}
