import { isJidGroup, isLidUser, isPnUser, jidDecode } from 'baileys';
import { ProviderError } from '..';

const USER_SERVER = '@s.whatsapp.net';
const GROUP_SERVER = '@g.us';

/** The user part of a jid without device or agent ("5511...:3@s.whatsapp.net" → "5511..."). */
export const userOf = (jid: string): string => jidDecode(jid)?.user ?? jid.split('@')[0]?.split(':')[0] ?? '';

/** The jid a port chat id stands for: phone digits → a user jid; a group id stays a group jid. */
export function jidOfChat(chatId: string): string {
  if (chatId.endsWith(GROUP_SERVER)) {
    if (!/^[\d-]+@g\.us$/.test(chatId)) throw new ProviderError(`invalid group id ${chatId}`, false);
    return chatId;
  }
  const digits = chatId.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15)
    throw new ProviderError(`invalid WhatsApp number ${chatId}`, false);
  return `${digits}${USER_SERVER}`;
}

/** The port's chat id of a group jid (`<id>@g.us`). */
export const groupChatId = (jid: string): string => `${userOf(jid)}${GROUP_SERVER}`;

export const isGroupJid = (jid: string): boolean => isJidGroup(jid) === true;
export const isLidJid = (jid: string | undefined): jid is string => isLidUser(jid) === true;
export const isPhoneJid = (jid: string | undefined): jid is string => isPnUser(jid) === true;

/** Chats the product never shows: status updates, broadcast lists, channels. */
export const isIgnoredChat = (jid: string): boolean =>
  jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter');

/**
 * Brazilian mobile numbers exist with and without the ninth digit (55 DD 9XXXXXXXX vs 55 DD XXXXXXXX);
 * WhatsApp knows each account by one of them. Both forms are asked, the given one first.
 */
export function numberCandidates(number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const br = /^55(\d{2})(\d{8,9})$/.exec(digits);
  if (!br?.[1] || !br[2]) return [digits];
  const [, area, local] = br;
  if (local.length === 9 && local.startsWith('9')) return [digits, `55${area}${local.slice(1)}`];
  if (local.length === 8 && /^[6-9]/.test(local)) return [digits, `55${area}9${local}`];
  return [digits];
}
