import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_EDIT_LEAD_MS, CampaignInput, type CampaignView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useAllContactLists } from '../contactListsApi';
import {
  useCampaignSettings,
  useConnectionOptions,
  useFileListOptions,
  useSaveCampaign,
  useTagOptions,
} from '../campaignsApi';

const variantKeys = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
type VariantKey = (typeof variantKeys)[number];

/** Spec 2 section 4: editable while INATIVA, or PROGRAMADA more than an hour ahead; a cancelled one may be saved. */
export function isEditable(campaign: CampaignView | undefined, now = Date.now()): boolean {
  if (!campaign) return true;
  if (campaign.status === 'INATIVA' || campaign.status === 'CANCELADA') return true;
  return (
    campaign.status === 'PROGRAMADA' &&
    campaign.scheduledAt !== null &&
    new Date(campaign.scheduledAt).getTime() - now > CAMPAIGN_EDIT_LEAD_MS
  );
}

/** A datetime-local value (local time) from an ISO instant. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const idText = (id: number | null) => (id === null ? '' : String(id));

function CampaignForm({ campaign, onClose }: { campaign?: CampaignView; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const lists = useAllContactLists();
  const connections = useConnectionOptions();
  const files = useFileListOptions();
  const tags = useTagOptions();
  const settings = useCampaignSettings();
  const save = useSaveCampaign();
  const editable = isEditable(campaign);
  const [tab, setTab] = useState(0);
  const [media, setMedia] = useState<File | null | undefined>(undefined);
  const [values, setValues] = useState({
    name: campaign?.name ?? '',
    contactListId: idText(campaign?.contactListId ?? null),
    tagListId: idText(campaign?.tagId ?? null),
    whatsappId: idText(campaign?.whatsappId ?? null),
    fileListId: idText(campaign?.fileListId ?? null),
    scheduledAt: localInput(campaign?.scheduledAt ?? null),
    timeZone: campaign?.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone,
    message1: campaign?.message1 ?? '',
    message2: campaign?.message2 ?? '',
    message3: campaign?.message3 ?? '',
    message4: campaign?.message4 ?? '',
    message5: campaign?.message5 ?? '',
  });
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const nameCheck = CampaignInput.shape.name.safeParse(values.name);
  const [touched, setTouched] = useState(false);

  const custom = (() => {
    const row = settings.data?.find((s) => s.key === 'variables');
    try {
      return row ? (JSON.parse(row.value) as Array<{ key: string }>).map((v) => v.key) : [];
    } catch {
      return [];
    }
  })();
  const variables = ['nome', 'email', 'numero', ...custom];
  const currentKey: VariantKey = variantKeys[tab] ?? 'message1';
  const insert = (name: string) => setValues((v) => ({ ...v, [currentKey]: `${v[currentKey]}{${name}}` }));

  const submit = () => {
    setTouched(true);
    if (!nameCheck.success) return;
    const body = CampaignInput.parse({
      ...values,
      scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null,
    });
    save.mutate(
      { id: campaign?.id, body, media },
      {
        onSuccess: () => {
          toast.success(t('campaigns.saved'));
          onClose();
        },
      },
    );
  };

  const select = (
    key: keyof typeof values,
    label: string,
    options: Array<{ id: number; name: string }>,
    testId: string,
  ) => (
    <TextField
      select
      fullWidth
      margin="dense"
      label={label}
      value={values[key]}
      onChange={set(key)}
      disabled={!editable}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{t('dialog.none')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <DialogTitle>
        {!editable ? t('dialog.viewTitle') : campaign ? t('dialog.editTitle') : t('dialog.addTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <TextField
          fullWidth
          margin="dense"
          label={t('dialog.name')}
          value={values.name}
          onChange={set('name')}
          required
          disabled={!editable}
          error={touched && !nameCheck.success}
          helperText={touched && !nameCheck.success ? nameCheck.error.issues[0]?.message : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-name' } }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {select('contactListId', t('dialog.contactList'), lists.data ?? [], 'campaign-contact-list')}
          {select('tagListId', t('dialog.tagList'), tags.data ?? [], 'campaign-tag-list')}
          {select('whatsappId', t('dialog.whatsapp'), connections.data ?? [], 'campaign-whatsapp')}
          {select('fileListId', t('dialog.fileList'), files.data ?? [], 'campaign-file-list')}
          <TextField
            type="datetime-local"
            margin="dense"
            label={t('dialog.scheduledAt')}
            value={values.scheduledAt}
            onChange={set('scheduledAt')}
            disabled={!editable}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'campaign-scheduled-at' },
            }}
          />
          <TextField
            margin="dense"
            label={t('dialog.timeZone')}
            value={values.timeZone}
            onChange={set('timeZone')}
            disabled={!editable}
          />
        </Box>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ mt: 1 }}>
          {variantKeys.map((key, i) => (
            <Tab key={key} label={t('dialog.tab', { n: i + 1 })} data-testid={`campaign-tab-${i + 1}`} />
          ))}
        </Tabs>
        <TextField
          fullWidth
          multiline
          minRows={4}
          margin="dense"
          label={t('dialog.message', { n: tab + 1 })}
          value={values[currentKey]}
          onChange={set(currentKey)}
          disabled={!editable}
          slotProps={{ htmlInput: { 'data-testid': `campaign-message-${tab + 1}` } }}
        />
        <Typography variant="caption" color="text.secondary">
          {t('dialog.variables')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {variables.map((name) => (
            <Button
              key={name}
              size="small"
              variant="outlined"
              disabled={!editable}
              onClick={() => insert(name)}
            >
              {`{${name}}`}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" size="small" disabled={!editable}>
            {t('dialog.attach')}
            <input
              hidden
              type="file"
              data-testid="campaign-media"
              onChange={(event) => setMedia(event.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" data-testid="campaign-media-name">
            {media ? media.name : media === null ? '' : (campaign?.mediaName ?? '')}
          </Typography>
          {(media || (media === undefined && campaign?.mediaName)) && editable && (
            <Button size="small" onClick={() => setMedia(null)}>
              {t('dialog.removeAttachment')}
            </Button>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        {(editable || campaign?.status === 'CANCELADA') && (
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="campaign-save">
            {t('dialog.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/** Add (no campaign) or edit a campaign; read-only unless editable. Closing unmounts the form, which resets it. */
export function CampaignDialog(props: { open: boolean; campaign?: CampaignView; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md" data-testid="campaign-dialog">
      {props.open && <CampaignForm campaign={props.campaign} onClose={props.onClose} />}
    </Dialog>
  );
}
