import { z } from 'zod';
import { boundedString, idParam, MAX_DB_INT, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Spec 2 section 9: five message variants. */
export const CAMPAIGN_VARIANTS = 5;
/** An editable scheduled campaign needs scheduledAt more than one hour ahead (spec 2 sections 4 and 9). */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;

const blankToNull = (v: unknown) => (v === '' || v === undefined || v === 'Nenhuma' ? null : v);
/** An optional id: "", null, 0 and the form's "Nenhuma" mean none. */
const optionalId = z.preprocess(
  (v) => (blankToNull(v) === null || v === 0 || v === '0' ? null : v),
  z.coerce.number({ error: m.invalid }).int({ error: m.invalid }).positive().max(MAX_DB_INT).nullable(),
);
const variant = z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).max(4096, { error: m.tooLong }));
const when = z.preprocess(
  blankToNull,
  z.coerce
    .date({ error: m.invalid })
    .refine((d) => !Number.isNaN(d.getTime()), { error: m.invalid })
    .nullable(),
);

/** The campaign dialog. `status` and `companyId` are ignored: the status follows from `scheduledAt`. */
export const CampaignInput = z.object({
  name: boundedString(2, 50),
  message1: variant,
  message2: variant,
  message3: variant,
  message4: variant,
  message5: variant,
  confirmationMessage1: variant,
  confirmationMessage2: variant,
  confirmationMessage3: variant,
  confirmationMessage4: variant,
  confirmationMessage5: variant,
  confirmation: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' || v === null || v === undefined || v === '' ? false : v),
    z.boolean({ error: m.invalid }),
  ),
  scheduledAt: when,
  timeZone: z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).trim().max(64, { error: m.tooLong })),
  whatsappId: optionalId,
  contactListId: optionalId,
  /** A tag: the list is built from the contacts of the tickets carrying it. */
  tagListId: optionalId,
  fileListId: optionalId,
});
export type CampaignInput = z.infer<typeof CampaignInput>;

/** What the report shows (server-behaviour 10.4, 10.5), counted over the shipping rows. */
export const CampaignReport = z.object({
  /** Items of the list whose number is valid on WhatsApp. */
  validContacts: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** Shipping rows (one per valid contact once started). */
  total: z.number(),
});
export type CampaignReport = z.infer<typeof CampaignReport>;

export const CampaignView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  confirmation: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  timeZone: z.string(),
  whatsappId: z.number().nullable(),
  contactListId: z.number().nullable(),
  tagId: z.number().nullable(),
  fileListId: z.number().nullable(),
  companyId: z.number(),
  contactList: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  report: CampaignReport,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignView = z.infer<typeof CampaignView>;

export const ListCampaignsAnswer = z.object({
  records: z.array(CampaignView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListCampaignsAnswer = z.infer<typeof ListCampaignsAnswer>;

/** `company-{cid}-campaign`. */
export type CampaignEvent =
  { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number };

/** Spec 2 section 9: the selects the settings screen offers. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export const CampaignVariable = z.object({
  key: z.string({ error: m.required }).trim().min(1, { error: m.required }).max(50, { error: m.tooLong }),
  value: z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).max(1000, { error: m.tooLong })),
});
export type CampaignVariable = z.infer<typeof CampaignVariable>;

const seconds = (max: number) => z.coerce.number({ error: m.invalid }).min(0, { error: m.invalid }).max(max);

/**
 * Server-behaviour 10.2. Intervals are seconds; fractions are accepted (the screen offers whole ones), so an
 * integration test can pace a campaign in tenths of a second.
 */
export const CampaignSettingsValues = z.object({
  messageInterval: seconds(20),
  longerIntervalAfter: z.coerce.number({ error: m.invalid }).int({ error: m.invalid }).min(0).max(120),
  greaterInterval: seconds(120),
  /** A key already present is not added twice: the first one wins. */
  variables: z.preprocess(
    (v) => v ?? [],
    z
      .array(CampaignVariable)
      .max(100)
      .transform((vars) => vars.filter((v, i) => vars.findIndex((w) => w.key === v.key) === i)),
  ),
});
export type CampaignSettingsValues = z.infer<typeof CampaignSettingsValues>;

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};

export const CampaignSettingsInput = z.object({ settings: CampaignSettingsValues.partial() });
export type CampaignSettingsInput = z.infer<typeof CampaignSettingsInput>;

/** One stored setting: `value` is JSON text. */
export const CampaignSettingView = z.object({ id: z.number(), key: z.string(), value: z.string() });
export type CampaignSettingView = z.infer<typeof CampaignSettingView>;

export const campaignRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/campaigns',
    auth: 'user',
    planFlag: 'useCampaigns',
    query: pagedQuery,
    summary: 'Paged campaigns of the company, newest first',
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/campaigns/list',
    auth: 'user',
    planFlag: 'useCampaigns',
    summary: 'Every campaign of the company',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/campaigns/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'One campaign with its report counts',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/campaigns',
    auth: 'user',
    planFlag: 'useCampaigns',
    body: CampaignInput,
    summary: 'Create a campaign (INATIVA, or PROGRAMADA with scheduledAt)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/campaigns/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    body: CampaignInput,
    summary: 'Edit a campaign while INATIVA, PROGRAMADA (not started) or CANCELADA',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/campaigns/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'Delete a campaign (refused while EM_ANDAMENTO)',
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/media-upload',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    multipart: true,
    summary: "Attach the campaign's file (multipart `file`)",
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/campaigns/:id/media-upload',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: "Remove the campaign's file",
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/cancel',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'Cancel a campaign in progress (204)',
  }),
  restart: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/restart',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'Resume a cancelled campaign with the rows not yet sent (204)',
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/campaign-settings',
    auth: 'user',
    planFlag: 'useCampaigns',
    summary: 'The campaign settings as {key, value (JSON text)}',
  }),
  saveSettings: defineRoute({
    method: 'POST',
    path: '/campaign-settings',
    auth: 'user',
    planFlag: 'useCampaigns',
    body: CampaignSettingsInput,
    summary: 'Save the campaign settings (upsert per key)',
  }),
};
