import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { settingValue, useSettings } from '../api';
import { OptionsTab } from '../components/OptionsTab';
import { SchedulesTab } from '../components/SchedulesTab';
import { useAbilities } from '../../auth/can';

// The super user's tabs are code only they download.
const CompaniesTab = lazy(() =>
  import('../../companies/components/CompaniesTab').then((m) => ({ default: m.CompaniesTab })),
);
const PlansTab = lazy(() => import('../../plans/components/PlansTab').then((m) => ({ default: m.PlansTab })));
const HelpsTab = lazy(() => import('../../helps/components/HelpsTab').then((m) => ({ default: m.HelpsTab })));

const allTabs = ['options', 'schedules', 'companies', 'plans', 'helps'] as const;
type SettingsTab = (typeof allTabs)[number];

const isTab = (value: string | null): value is SettingsTab => allTabs.some((tab) => tab === value);

/** /settings: Options, Schedules (company hours mode) and the super user's Companies, Plans and Helps. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tp } = useTranslation('pages');
  const can = useAbilities();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();

  const visible = allTabs.filter((tab) => {
    if (tab === 'schedules') {
      return can('settings.manage') && settingValue(settings.data, 'scheduleType') === 'company';
    }
    if (tab === 'companies' || tab === 'plans' || tab === 'helps') return can('companies.manage');
    return true;
  });
  const asked = params.get('tab');
  const current: SettingsTab = isTab(asked) && visible.includes(asked) ? asked : 'options';

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {tp('titles.settings')}
      </Typography>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={current}
          onChange={(_event, tab: SettingsTab) =>
            setParams(tab === 'options' ? {} : { tab }, { replace: true })
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {visible.map((tab) => (
            <Tab key={tab} value={tab} label={t(`tabs.${tab}`)} data-testid={`settings-tab-${tab}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Suspense fallback={<PageLoader />}>
            {current === 'options' && <OptionsTab />}
            {current === 'schedules' && <SchedulesTab />}
            {current === 'companies' && <CompaniesTab />}
            {current === 'plans' && <PlansTab />}
            {current === 'helps' && <HelpsTab />}
          </Suspense>
        </Box>
      </Paper>
    </Box>
  );
}
