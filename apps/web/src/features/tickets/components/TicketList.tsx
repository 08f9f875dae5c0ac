import { useMemo, useRef } from 'react';
import type { TicketView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useTicketList } from '../api';
import { flattenTickets, type TicketListFilter } from '../cache';
import { TicketRow } from './TicketRow';

/** The next page loads once the list is scrolled within 100 px of its bottom (spec 1 section 9). */
export const LOAD_MORE_THRESHOLD_PX = 100;
const ROW_HEIGHT = 72;

interface TicketListProps {
  filter: TicketListFilter;
  selectedUuid: string | undefined;
  acceptingId: number | null;
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  onPeek?: (ticket: TicketView) => void;
}

/** A virtualized, infinitely scrolled ticket list: only the visible rows are in the page. */
export function TicketList({ filter, selectedUuid, acceptingId, onOpen, onAccept, onPeek }: TicketListProps) {
  const { t } = useTranslation('tickets');
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useTicketList(filter);
  // Flattened once per answer or live patch, not per scroll frame: with thousands of rows loaded the
  // virtualizer re-renders on every scroll event.
  const tickets = useMemo(() => flattenTickets(data), [data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => tickets[index]?.id ?? index,
  });

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_MORE_THRESHOLD_PX) {
      void fetchNextPage();
    }
  };

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      data-testid="ticket-list"
      data-status={filter.status ?? 'search'}
    >
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} />
        </Box>
      ) : tickets.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="ticket-list-empty">
          {t('list.empty')}
        </Typography>
      ) : (
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const ticket = tickets[item.index];
            if (!ticket) return null;
            return (
              <Box
                key={item.key}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size }}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <TicketRow
                  ticket={ticket}
                  selected={ticket.uuid === selectedUuid}
                  accepting={acceptingId === ticket.id}
                  onOpen={onOpen}
                  onAccept={onAccept}
                  onPeek={onPeek}
                />
              </Box>
            );
          })}
        </Box>
      )}
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <CircularProgress size={20} />
        </Box>
      )}
    </Box>
  );
}
