import { useRef } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TicketView } from '@zapdesk/contracts';
import type { LaneId } from '../board';
import { KanbanCard } from './KanbanCard';

const CARD_HEIGHT = 124;
const GAP = 8;

/**
 * One lane: its title in the tag's colour and its cards, scrolled on their own and virtualised, so a lane of
 * thousands renders only what shows.
 */
export function KanbanLane({
  id,
  title,
  color,
  tickets,
}: {
  id: LaneId;
  title: string;
  color: string;
  tickets: TicketView[];
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `lane-${id}`, data: { lane: id } });
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtual = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT + GAP,
    overscan: 6,
  });

  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`kanban-lane-${id}`}
      sx={{
        width: { xs: 'calc(100vw - 48px)', sm: 300 },
        flex: '0 0 auto',
        display: 'flex',
        flexDirection: 'column',
        maxHeight: '100%',
        bgcolor: isOver ? 'action.hover' : 'background.default',
        borderTop: `4px solid ${color}`,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
        <Typography variant="subtitle1" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Chip size="small" label={tickets.length} data-testid={`kanban-count-${id}`} />
      </Box>
      <Box ref={scroller} sx={{ overflowY: 'auto', flex: 1, minHeight: 120, px: 1, pb: 1 }}>
        <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const ticket = tickets[item.index];
            if (!ticket) return null;
            return (
              <Box
                key={ticket.id}
                data-index={item.index}
                ref={virtual.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, pb: `${GAP}px` }}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <KanbanCard ticket={ticket} />
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}
