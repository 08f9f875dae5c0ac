import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  KeyboardSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { TicketView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { useKanbanCards, useKanbanLanes, useMoveCard, type KanbanFilter } from '../api';
import { groupByLane, laneOf, OPEN_LANE, type LaneId } from '../board';
import { KanbanCardBody } from '../components/KanbanCard';
import { KanbanLane } from '../components/KanbanLane';
import { useKanbanLive } from '../realtime';
import { useCan } from '../../auth/can';

const OPEN_LANE_COLOR = '#5C5C5C';

/** /kanban: an "open" lane, then one lane per kanban tag; dragging a card moves its lane tag. */
export function KanbanPage() {
  const { t } = useTranslation('kanban');
  const user = useCurrentUser();
  const showAll = useCan('tickets.seeAll');
  const filter = useMemo<KanbanFilter>(
    () => ({ showAll, queueIds: user.queues.map((q) => q.id) }),
    [showAll, user.queues],
  );
  const lanes = useKanbanLanes();
  const cards = useKanbanCards(filter);
  const move = useMoveCard();
  const [dragging, setDragging] = useState<TicketView | null>(null);
  // A small move before a drag starts, so the see-ticket click and scrolling still work.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  useKanbanLive();

  const laneTags = useMemo(() => lanes.data ?? [], [lanes.data]);
  const tickets = useMemo(() => cards.data?.pages.flatMap((page) => page.tickets) ?? [], [cards.data]);
  const groups = useMemo(() => groupByLane(tickets, laneTags), [tickets, laneTags]);

  const onDragStart = (event: DragStartEvent) => {
    const ticket = (event.active.data.current as { ticket?: TicketView } | undefined)?.ticket;
    setDragging(ticket ?? null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const ticket = (event.active.data.current as { ticket?: TicketView } | undefined)?.ticket;
    const target = (event.over?.data.current as { lane?: LaneId } | undefined)?.lane;
    if (!ticket || target === undefined) return;
    const from = laneOf(ticket, new Set(laneTags.map((lane) => lane.id)));
    if (from === target) return;
    move.mutate(
      { ticket, target, lanes: laneTags },
      {
        onSuccess: () => toast.success(target === OPEN_LANE ? t('toasts.removed') : t('toasts.added')),
        onError: () => toast.error(t('toasts.moveFailed')),
      },
    );
  };

  return (
    <Box
      sx={{
        p: { xs: 2, sm: 3 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        boxSizing: 'border-box',
      }}
    >
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {(lanes.isPending || cards.isPending) && <LinearProgress sx={{ mb: 1 }} />}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <Box
          data-testid="kanban-board"
          sx={{
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            flex: 1,
            minHeight: 0,
            alignItems: 'stretch',
            pb: 1,
          }}
        >
          <KanbanLane
            id={OPEN_LANE}
            title={t('openLane')}
            color={OPEN_LANE_COLOR}
            tickets={groups.get(OPEN_LANE) ?? []}
          />
          {laneTags.map((lane) => (
            <KanbanLane
              key={lane.id}
              id={lane.id}
              title={lane.name}
              color={lane.color}
              tickets={groups.get(lane.id) ?? []}
            />
          ))}
        </Box>
        <DragOverlay>{dragging ? <KanbanCardBody ticket={dragging} dragging /> : null}</DragOverlay>
      </DndContext>
    </Box>
  );
}
