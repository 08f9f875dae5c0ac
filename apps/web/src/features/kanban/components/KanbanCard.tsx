import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TicketView } from '@zapdesk/contracts';

/** A ticket on the board: contact name and number, last message, and a see-ticket button. */
export function KanbanCardBody({ ticket, dragging = false }: { ticket: TicketView; dragging?: boolean }) {
  const { t } = useTranslation('kanban');
  const navigate = useNavigate();
  return (
    // The drag overlay's copy is only a picture of the card: hidden from assistive tech, its button not a target.
    <Card
      variant="outlined"
      aria-hidden={dragging || undefined}
      sx={{ p: 1, boxShadow: dragging ? 6 : 0, cursor: 'grab', bgcolor: 'background.paper' }}
    >
      <Typography variant="subtitle2" noWrap data-testid="kanban-card-name">
        {ticket.contact.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {ticket.contact.number}
      </Typography>
      <Typography variant="body2" noWrap sx={{ mt: 0.5 }} title={ticket.lastMessage}>
        {ticket.lastMessage || '—'}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
        <Button
          size="small"
          // A click on the button must not start a drag.
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => void navigate(`/tickets/${ticket.uuid}`)}
          tabIndex={dragging ? -1 : undefined}
          data-testid={dragging ? undefined : `kanban-see-${ticket.id}`}
        >
          {t('seeTicket')}
        </Button>
      </Box>
    </Card>
  );
}

export function KanbanCard({ ticket }: { ticket: TicketView }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: ticket.id,
    data: { ticket },
  });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid={`kanban-card-${ticket.id}`}
      sx={{ opacity: isDragging ? 0.4 : 1, touchAction: 'none' }}
    >
      <KanbanCardBody ticket={ticket} />
    </Box>
  );
}
