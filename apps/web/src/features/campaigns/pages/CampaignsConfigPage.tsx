import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  type CampaignSettingView,
  type CampaignVariable,
} from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useCampaignSettings, useSaveCampaignSettings } from '../campaignsApi';

function valueOf<T>(rows: CampaignSettingView[], key: string, fallback: T): T {
  const row = rows.find((r) => r.key === key);
  try {
    return row ? (JSON.parse(row.value) as T) : fallback;
  } catch {
    return fallback;
  }
}

function ConfigForm({ rows }: { rows: CampaignSettingView[] }) {
  const { t } = useTranslation('campaigns');
  const save = useSaveCampaignSettings();
  const d = CAMPAIGN_SETTINGS_DEFAULTS;
  const [messageInterval, setMessageInterval] = useState(valueOf(rows, 'messageInterval', d.messageInterval));
  const [longerIntervalAfter, setLongerAfter] = useState(
    valueOf(rows, 'longerIntervalAfter', d.longerIntervalAfter),
  );
  const [greaterInterval, setGreater] = useState(valueOf(rows, 'greaterInterval', d.greaterInterval));
  const [variables, setVariables] = useState<CampaignVariable[]>(valueOf(rows, 'variables', d.variables));
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const duplicate = variables.some((v) => v.key === key.trim());

  // Spec 2 section 5: a custom variable is added only if its key is not already present.
  const addVariable = () => {
    if (key.trim() === '' || duplicate) return;
    setVariables((vs) => [...vs, { key: key.trim(), value }]);
    setKey('');
    setValue('');
  };
  const numberSelect = (
    label: string,
    current: number,
    options: readonly number[],
    onChange: (n: number) => void,
    unit: 'seconds' | 'messages',
    testId: string,
  ) => (
    <TextField
      select
      label={label}
      value={options.includes(current) ? current : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((n) => (
        <MenuItem key={n} value={n}>
          {n === 0 ? t('config.noInterval') : t(`config.${unit}`, { count: n })}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Typography variant="h6">{t('config.intervals')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {numberSelect(
          t('config.messageInterval'),
          messageInterval,
          MESSAGE_INTERVAL_OPTIONS,
          setMessageInterval,
          'seconds',
          'config-message-interval',
        )}
        {numberSelect(
          t('config.longerIntervalAfter'),
          longerIntervalAfter,
          LONGER_INTERVAL_OPTIONS,
          setLongerAfter,
          'messages',
          'config-longer-after',
        )}
        {numberSelect(
          t('config.greaterInterval'),
          greaterInterval,
          LONGER_INTERVAL_OPTIONS,
          setGreater,
          'seconds',
          'config-greater-interval',
        )}
      </Box>
      <Typography variant="h6">{t('config.variables')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('config.key')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={duplicate}
          helperText={duplicate ? t('config.duplicateKey') : undefined}
        />
        <TextField
          size="small"
          label={t('config.value')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button variant="outlined" onClick={addVariable} disabled={key.trim() === '' || duplicate}>
          {t('config.addVariable')}
        </Button>
      </Box>
      {variables.map((v) => (
        <Box key={v.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="config-variable">
          <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }}>{`{${v.key}} = ${v.value}`}</Typography>
          <IconButton
            size="small"
            aria-label={t('config.removeVariable')}
            onClick={() => setVariables((vs) => vs.filter((w) => w.key !== v.key))}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          variant="contained"
          loading={save.isPending}
          data-testid="config-save"
          onClick={() =>
            save.mutate(
              { messageInterval, longerIntervalAfter, greaterInterval, variables },
              { onSuccess: () => toast.success(t('config.saved')) },
            )
          }
        >
          {t('config.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /campaigns-config: the intervals and the custom variables (server-behaviour 10.2). */
export function CampaignsConfigPage() {
  const { t } = useTranslation('campaigns');
  const settings = useCampaignSettings();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" gutterBottom>
        {t('config.title')}
      </Typography>
      {settings.data && <ConfigForm rows={settings.data} />}
    </Box>
  );
}
