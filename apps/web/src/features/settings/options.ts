import { settingValueSchemas, type SettingKey } from '@zapdesk/contracts';

/** The options saved from a select, in the order of spec 1 section 9. */
export const selectSettingKeys = [
  'userRating',
  'scheduleType',
  'CheckMsgIsGroup',
  'call',
  'chatBotType',
  'sendGreetingAccepted',
  'sendMsgTransfTicket',
  'sendGreetingMessageOneQueues',
] as const satisfies readonly SettingKey[];

export type SelectSettingKey = (typeof selectSettingKeys)[number];

export type SettingChoice = (typeof settingValueSchemas)[SelectSettingKey]['options'][number];

/** The values a select offers: exactly what the server accepts for that key. */
export const choicesOf = (key: SelectSettingKey): readonly SettingChoice[] =>
  settingValueSchemas[key].options;

/** The payment-provider token: a secret text, for admins only. */
export const PAYMENT_TOKEN_KEY = 'asaas' satisfies SettingKey;
