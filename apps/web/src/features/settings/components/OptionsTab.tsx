import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { SettingKey } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { settingValue, useSettings, useUpdateSetting } from '../api';
import { PAYMENT_TOKEN_KEY, selectSettingKeys } from '../options';
import { PaymentTokenField } from './PaymentTokenField';
import { SettingSelect } from './SettingSelect';
import { useCan } from '../../auth/can';

/** Every company option of spec 1 section 9, each saved on its own (PUT /settings/:key). */
export function OptionsTab() {
  const { t } = useTranslation('settings');
  const canManage = useCan('settings.manage');
  const settings = useSettings();
  const update = useUpdateSetting();

  const save = (key: SettingKey, value: string) =>
    update.mutate({ key, value }, { onSuccess: () => toast.success(t('toasts.saved')) });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {selectSettingKeys.map((key) => (
        <SettingSelect
          key={key}
          settingKey={key}
          value={settingValue(settings.data, key)}
          disabled={!canManage}
          onChange={(value) => save(key, value)}
        />
      ))}
      {canManage && (
        <PaymentTokenField
          value={settingValue(settings.data, PAYMENT_TOKEN_KEY) ?? ''}
          onSave={(value) => save(PAYMENT_TOKEN_KEY, value)}
        />
      )}
    </Box>
  );
}
