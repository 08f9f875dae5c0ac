import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Conversation } from '../components/Conversation';
import { TicketsManager } from '../components/TicketsManager';
import { Welcome } from '../components/Welcome';

type NarrowTab = 'tickets' | 'attendance';

/** /tickets/:ticketId?: list and chat side by side (1/3, 2/3) on wide screens, two tabs on narrow ones. */
export function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { ticketId } = useParams();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [tab, setTab] = useState<NarrowTab>(ticketId ? 'attendance' : 'tickets');

  useEffect(() => setTab(ticketId ? 'attendance' : 'tickets'), [ticketId]);

  const chat = ticketId ? <Conversation uuid={ticketId} /> : <Welcome />;
  // Below the one-row top bar (56 px on phones, 64 px from 600 px).
  const height = { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)', md: 'calc(100dvh - 96px)' };

  if (wide) {
    return (
      <Box sx={{ display: 'flex', gap: 1, height }} data-testid="tickets-page">
        <Box sx={{ width: '33.333%', minWidth: 0 }}>
          <TicketsManager selectedUuid={ticketId} />
        </Box>
        <Box sx={{ width: '66.667%', minWidth: 0 }}>{chat}</Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height }} data-testid="tickets-page">
      <Tabs value={tab} onChange={(_e, value: NarrowTab) => setTab(value)} variant="fullWidth">
        <Tab value="tickets" label={t('narrow.tickets')} data-testid="narrow-tab-tickets" />
        <Tab value="attendance" label={t('narrow.attendance')} data-testid="narrow-tab-attendance" />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {tab === 'tickets' ? <TicketsManager selectedUuid={ticketId} /> : chat}
      </Box>
    </Box>
  );
}
