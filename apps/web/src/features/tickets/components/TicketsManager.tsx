import { useEffect, useMemo, useState } from 'react';
import type { TicketView } from '@zapdesk/contracts';
import { clientEvents } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtime } from '../../../lib/socket/RealtimeContext';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { useAcceptTicket } from '../accept';
import { useTicketList } from '../api';
import { flattenTickets, type TicketListFilter } from '../cache';
import { TicketFilters } from './TicketFilters';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketList } from './TicketList';
import { TicketPeekDialog } from './TicketPeekDialog';
import { useCan } from '../../auth/can';

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'open' | 'pending';

const ROOMS = ['open', 'pending', 'closed'] as const;

/** A tab label with its count inline (a floating badge would be clipped by the tab strip). */
function TabLabel({ label, count, testId }: { label: string; count: number; testId: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}
      {count > 0 && (
        <Box
          component="span"
          data-testid={testId}
          sx={{
            minWidth: 20,
            px: 0.75,
            borderRadius: 10,
            fontSize: 12,
            lineHeight: '20px',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          {count > 99 ? '99+' : count}
        </Box>
      )}
    </Box>
  );
}

/** The ticket manager of spec 1 section 2: Open (Assigned, Pending), Resolved and Search tabs with filters. */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const realtime = useRealtime();
  const [tab, setTab] = useState<MainTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const [showAll, setShowAll] = useState(false);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [tags, setTags] = useState<number[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [peeking, setPeeking] = useState<TicketView | null>(null);
  const searchParam = useDebouncedValue(search.trim());
  const accept = useAcceptTicket();
  const seeAll = useCan('tickets.seeAll');
  const mayPeek = useCan('tickets.peek');

  useEffect(() => {
    if (!realtime) return;
    const leaves = ROOMS.map((status) => realtime.join(clientEvents.joinTickets, status));
    return () => leaves.forEach((leave) => leave());
  }, [realtime]);

  const base = useMemo(
    () => ({ showAll: seeAll && showAll, queueIds, tags }),
    [seeAll, showAll, queueIds, tags],
  );
  const assignedFilter = useMemo<TicketListFilter>(() => ({ ...base, status: 'open' }), [base]);
  const pendingFilter = useMemo<TicketListFilter>(() => ({ ...base, status: 'pending' }), [base]);
  const closedFilter = useMemo<TicketListFilter>(() => ({ ...base, status: 'closed' }), [base]);
  const searchFilter = useMemo<TicketListFilter>(
    () => ({ ...base, searchParam, users: seeAll ? users : [] }),
    [base, searchParam, seeAll, users],
  );

  const assigned = flattenTickets(useTicketList(assignedFilter).data);
  const pending = flattenTickets(useTicketList(pendingFilter).data);
  const unreadAssigned = assigned.filter((ticket) => ticket.unreadMessages > 0).length;

  const filter =
    tab === 'closed'
      ? closedFilter
      : tab === 'search'
        ? searchFilter
        : openTab === 'open'
          ? assignedFilter
          : pendingFilter;

  const onOpen = (ticket: TicketView) => void navigate(`/tickets/${ticket.uuid}`);
  const onAccept = (ticket: TicketView) =>
    accept.accept(ticket, {
      onSuccess: () => {
        // The accepted ticket now lives in Assigned: show it there.
        setOpenTab('open');
        void navigate(`/tickets/${ticket.uuid}`);
      },
    });

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}
      data-testid="tickets-manager"
    >
      <Tabs value={tab} onChange={(_e, value: MainTab) => setTab(value)} variant="fullWidth">
        <Tab value="open" label={t('tabs.open')} data-testid="tab-open" />
        <Tab value="closed" label={t('tabs.closed')} data-testid="tab-closed" />
        <Tab value="search" label={t('tabs.search')} data-testid="tab-search" />
      </Tabs>
      {tab === 'search' && (
        <Box sx={{ px: 1, pt: 1 }}>
          <TextField
            fullWidth
            size="small"
            name="searchParam"
            placeholder={t('search.placeholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1 }}>
        <Tooltip title={t('newTicket.open')}>
          <IconButton
            onClick={() => setCreating(true)}
            aria-label={t('newTicket.open')}
            data-testid="new-ticket"
            color="primary"
          >
            <AddCircleOutline />
          </IconButton>
        </Tooltip>
        {tab === 'open' && (
          <Tabs
            value={openTab}
            onChange={(_e, value: OpenTab) => setOpenTab(value)}
            sx={{ flex: 1 }}
            variant="fullWidth"
          >
            <Tab
              value="open"
              label={<TabLabel label={t('tabs.assigned')} count={unreadAssigned} testId="assigned-count" />}
              data-testid="tab-assigned"
            />
            <Tab
              value="pending"
              label={<TabLabel label={t('tabs.pending')} count={pending.length} testId="pending-count" />}
              data-testid="tab-pending"
            />
          </Tabs>
        )}
        {seeAll && (
          <FormControlLabel
            sx={{ ml: 'auto' }}
            control={
              <Switch
                size="small"
                checked={showAll}
                onChange={(event) => setShowAll(event.target.checked)}
                name="showAll"
                data-testid="show-all"
              />
            }
            label={t('filters.showAll')}
          />
        )}
      </Box>
      <Box sx={{ pt: 1 }}>
        <TicketFilters
          queueIds={queueIds}
          tags={tags}
          onQueues={setQueueIds}
          onTags={setTags}
          users={seeAll && tab === 'search' ? { value: users, onChange: setUsers } : undefined}
        />
      </Box>
      {creating && <NewTicketDialog open onClose={() => setCreating(false)} />}
      {peeking && <TicketPeekDialog ticket={peeking} onClose={() => setPeeking(null)} />}
      <TicketList
        key={tab === 'open' ? openTab : tab}
        filter={filter}
        selectedUuid={selectedUuid}
        acceptingId={accept.acceptingId ?? null}
        onOpen={onOpen}
        onAccept={onAccept}
        onPeek={mayPeek ? setPeeking : undefined}
      />
    </Paper>
  );
}
