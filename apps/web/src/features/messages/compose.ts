import type { QuickMessageView } from '@zapdesk/contracts';
import { createPreference } from '../../lib/preferences/preference';
import { storageKeys } from '../../lib/session/storage';

/** Quick-reply labels are cut at 35 characters (spec 1 section 9). */
export const QUICK_REPLY_LABEL_LENGTH = 35;

/** Whether sent text is signed with the user's name; on unless turned off (spec 1 section 2). */
export const signPreference = createPreference<boolean>(
  storageKeys.signMessage,
  (raw) => raw !== 'false',
  (value) => String(value),
);

/** The text as sent: signed with "*{name}:*" on its own line when signing is on. */
export function composeBody(text: string, userName: string, sign: boolean): string {
  return sign ? `*${userName}:*\n${text}` : text;
}

/** Quick replies apply once the text starts with "/" and has more than one character. */
export function quickReplySearch(text: string): string | null {
  return text.startsWith('/') && text.length > 1 ? text.slice(1).toLowerCase() : null;
}

export function matchQuickReplies(list: readonly QuickMessageView[], search: string): QuickMessageView[] {
  return list.filter((item) => item.shortcode.toLowerCase().includes(search));
}

export function quickReplyLabel(item: QuickMessageView): string {
  const label = `${item.shortcode} - ${item.message}`;
  return label.length > QUICK_REPLY_LABEL_LENGTH ? `${label.slice(0, QUICK_REPLY_LABEL_LENGTH)}…` : label;
}

/** A common-emoji grid shown 16 per line. */
export const EMOJI_PER_LINE = 16;
export const EMOJIS = [
  ...'😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤯😳🥵🥶😱😨😰😥😓🤗🤔🤭🤫🤥😶😐😑😬🙄😯😦😧😮😲🥱😴🤤😪😵🤐🥴🤢🤮🤧😷🤒🤕👍👎👌✌️🤞🤝🙏👏🙌💪👋❤️🧡💛💚💙💜🖤💔💯✅❌⭐🔥🎉🎁📞📅⏰💰📦🚚',
].filter((char) => char.trim() !== '' && char !== '\uFE0F');
