import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useDashboardSummary, useTicketsDay, useTicketsUsers } from '../api';
import {
  chartRange,
  dayBars,
  defaultFilter,
  summaryQuery,
  userBars,
  type DashboardFilter,
} from '../chartData';
import { AttendantsTable } from '../components/AttendantsTable';
import { ConversationsChart } from '../components/ConversationsChart';
import { CounterCards } from '../components/CounterCards';
import { FilterBar } from '../components/FilterBar';
import { useDashboardLive } from '../realtime';

/** Spec 1 section 9: the dashboard loads after 1 s. */
export const FIRST_LOAD_DELAY_MS = 1000;

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}
      data-testid={testId}
    >
      <Typography variant="subtitle1" component="h2" sx={{ px: 1.5, pt: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** / (admins): counters, attendants and two charts of the chosen period (spec 1 sections 2 and 3). */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tp } = useTranslation('pages');
  const [filter, setFilter] = useState<DashboardFilter>(() => defaultFilter());
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), FIRST_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const query = useMemo(() => summaryQuery(filter), [filter]);
  const range = useMemo(() => chartRange(filter), [filter]);
  const summary = useDashboardSummary(query, ready);
  const users = useTicketsUsers(range, ready);
  const days = useTicketsDay(range, ready);
  useDashboardLive();

  useEffect(() => {
    if (users.isError) toast.error(t('toasts.usersChartError'));
  }, [users.isError, users.errorUpdatedAt, t]);
  useEffect(() => {
    if (days.isError) toast.error(t('toasts.dateChartError'));
  }, [days.isError, days.errorUpdatedAt, t]);

  const apply = (next: DashboardFilter) => {
    if (chartRange(next) === null) toast.warning(t('toasts.selectFilter'));
    setFilter(next);
  };

  const loading = !ready || summary.isFetching || users.isFetching || days.isFetching;
  const byDate = t('charts.byDate', { total: days.data?.count ?? 0 });

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {tp('titles.dashboard')}
      </Typography>
      <FilterBar value={filter} onApply={apply} />
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <CounterCards counters={summary.data?.counters} />
      <Section title={t('attendants.title')} testId="dashboard-attendants-box">
        <Box sx={{ overflow: 'auto', maxHeight: 400 }}>
          <AttendantsTable attendants={summary.data?.attendants ?? []} />
        </Box>
      </Section>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Section title={t('charts.byUser')}>
          <Box sx={{ overflow: 'auto', maxHeight: 360 }}>
            <ConversationsChart
              layout="horizontal"
              bars={userBars(users.data)}
              title={t('charts.byUser')}
              categoryLabel={t('charts.user')}
              valueLabel={t('charts.conversations')}
              emptyText={t('charts.empty')}
              testId="chart-users"
            />
          </Box>
        </Section>
        <Section title={byDate}>
          <ConversationsChart
            layout="vertical"
            bars={dayBars(days.data)}
            title={byDate}
            categoryLabel={t('charts.date')}
            valueLabel={t('charts.conversations')}
            emptyText={t('charts.empty')}
            testId="chart-days"
          />
        </Section>
      </Box>
    </Box>
  );
}
