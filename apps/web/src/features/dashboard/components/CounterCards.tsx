import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardCounters } from '@zapdesk/contracts';

const CARDS = [
  { key: 'supportHappening', label: 'counters.inConversation', minutes: false },
  { key: 'supportPending', label: 'counters.waiting', minutes: false },
  { key: 'supportFinished', label: 'counters.finished', minutes: false },
  { key: 'leads', label: 'counters.newContacts', minutes: false },
  { key: 'avgSupportTime', label: 'counters.avgSupportTime', minutes: true },
  { key: 'avgWaitTime', label: 'counters.avgWaitTime', minutes: true },
] as const;

/** The six counters as cards that wrap on narrow screens. */
export function CounterCards({ counters }: { counters: DashboardCounters | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
      }}
      data-testid="dashboard-counters"
    >
      {CARDS.map((card) => (
        <Paper
          key={card.key}
          variant="outlined"
          sx={{ p: 2, minWidth: 0 }}
          data-testid={`counter-${card.key}`}
        >
          <Typography variant="body2" color="text.secondary" noWrap title={t(card.label)}>
            {t(card.label)}
          </Typography>
          <Typography variant="h5" component="p" data-testid={`counter-${card.key}-value`}>
            {counters === undefined ? (
              <Skeleton width={60} />
            ) : card.minutes ? (
              t('minutes', { value: counters[card.key] })
            ) : (
              counters[card.key]
            )}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
