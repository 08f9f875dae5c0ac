import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const invalid = { error: m.invalid };
const enabledDisabled = z.enum(['enabled', 'disabled'], invalid);

/** Every company setting, its allowed values and default (server-behaviour 14.4). */
export const settingValueSchemas = {
  userRating: enabledDisabled,
  scheduleType: z.enum(['disabled', 'queue', 'company'], invalid),
  CheckMsgIsGroup: enabledDisabled,
  call: enabledDisabled,
  chatBotType: z.enum(['text'], invalid),
  sendGreetingAccepted: enabledDisabled,
  sendMsgTransfTicket: enabledDisabled,
  sendGreetingMessageOneQueues: enabledDisabled,
  campaignsEnabled: z.enum(['true', 'false'], invalid),
  asaas: z.string().max(500, { error: m.tooLong }),
} as const;

export type SettingKey = keyof typeof settingValueSchemas;
export const settingKeys = Object.keys(settingValueSchemas) as SettingKey[];

export const defaultSettings: Record<SettingKey, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  CheckMsgIsGroup: 'enabled',
  call: 'disabled',
  chatBotType: 'text',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'disabled',
  campaignsEnabled: 'true',
  asaas: '',
};

/** Settings only admins may read. */
export const secretSettingKeys: readonly SettingKey[] = ['asaas'];

export const isSettingKey = (key: string): key is SettingKey => key in settingValueSchemas;

export const SettingView = z.object({ key: z.string(), value: z.string() });
export type SettingView = z.infer<typeof SettingView>;

export const UpdateSettingInput = z.object({
  value: z
    .union([z.string(), z.number(), z.boolean()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.invalid),
    })
    .transform(String),
});

export const settingRoutes = {
  list: defineRoute({ method: 'GET', path: '/settings', auth: 'user', summary: "The company's settings" }),
  update: defineRoute({
    method: 'PUT',
    path: '/settings/:key',
    auth: 'admin',
    params: z.object({ key: z.string() }),
    body: UpdateSettingInput,
    summary: 'Change one setting',
  }),
};
