import { useMemo, useState } from 'react';
import { Calendar, dateFnsLocalizer, Views, type EventProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ScheduleStatus, ScheduleView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListHeader } from '../../../components/list/ListHeader';
import { useDebouncedValue } from '../../../lib/lists/useDebouncedValue';
import { toast } from '../../../lib/toast';
import { useContactDetail } from '../../contacts/api';
import { useDeleteSchedule, useScheduleCalendar } from '../api';
import { ScheduleDialog } from '../components/ScheduleDialog';
import { useSchedulesLive } from '../realtime';

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { pt: ptBR, en: enUS, es },
});

/** Event colours by status: pending, being sent, sent, send error. */
const statusColors: Record<ScheduleStatus, string> = {
  PENDENTE: '#1976d2',
  AGENDADA: '#ed6c02',
  ENVIADA: '#2e7d32',
  ERRO: '#d32f2f',
};

interface ScheduleEvent {
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleView;
}

/** /schedules: a calendar of scheduled messages (spec 2 section 2), 500 px high; `?contactId=` opens the add dialog. */
export function SchedulesPage() {
  const { t, i18n } = useTranslation('schedules');
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim());
  const calendar = useScheduleCalendar(search);
  const remove = useDeleteSchedule();
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
  const [editing, setEditing] = useState<ScheduleView | undefined>();
  const [adding, setAdding] = useState<{ start?: Date } | null>(null);
  const [deleting, setDeleting] = useState<ScheduleView | null>(null);
  useSchedulesLive();

  const contactParam = Number(params.get('contactId'));
  const askedContactId = Number.isInteger(contactParam) && contactParam > 0 ? contactParam : undefined;
  const askedContact = useContactDetail(askedContactId);
  const closeAskedContact = () =>
    setParams(
      (current) => {
        current.delete('contactId');
        return current;
      },
      { replace: true },
    );

  const events = useMemo<ScheduleEvent[]>(
    () =>
      (calendar.data?.pages.flatMap((page) => page.schedules) ?? []).map((schedule) => {
        const start = new Date(schedule.sendAt);
        return {
          title:
            schedule.status === 'ERRO'
              ? `${t('sendError')} · ${schedule.contact.name}`
              : schedule.contact.name,
          start,
          end: start,
          schedule,
        };
      }),
    [calendar.data, t],
  );

  const EventView = ({ event }: EventProps<ScheduleEvent>) => (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}
      data-testid={`schedule-event-${event.schedule.id}`}
      data-status={event.schedule.status}
      title={event.schedule.lastError ?? event.schedule.body}
    >
      <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {event.title}
      </Box>
      <IconButton
        size="small"
        color="inherit"
        aria-label={t('edit')}
        data-testid={`schedule-edit-${event.schedule.id}`}
        onClick={(e) => {
          e.stopPropagation();
          setEditing(event.schedule);
        }}
        sx={{ p: 0.25 }}
      >
        <EditOutlined sx={{ fontSize: 14 }} />
      </IconButton>
      <IconButton
        size="small"
        color="inherit"
        aria-label={t('delete')}
        data-testid={`schedule-delete-${event.schedule.id}`}
        onClick={(e) => {
          e.stopPropagation();
          setDeleting(event.schedule);
        }}
        sx={{ p: 0.25 }}
      >
        <DeleteOutline sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, boxSizing: 'border-box' }}>
      <ListHeader
        title={t('title')}
        search={typed}
        onSearch={setTyped}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setAdding({})}
        addTestId="schedule-add"
      />
      <Box sx={{ height: 500, minWidth: 0, overflowX: 'auto' }} data-testid="schedule-calendar">
        <Calendar<ScheduleEvent>
          localizer={localizer}
          culture={i18n.language.slice(0, 2)}
          events={events}
          views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          selectable
          onSelectSlot={(slot) => setAdding({ start: slot.start })}
          onSelectEvent={(event) => setEditing(event.schedule)}
          components={{ event: EventView }}
          eventPropGetter={(event) => ({ style: { backgroundColor: statusColors[event.schedule.status] } })}
          messages={{
            today: t('calendar.today'),
            previous: t('calendar.previous'),
            next: t('calendar.next'),
            month: t('calendar.month'),
            week: t('calendar.week'),
            day: t('calendar.day'),
            agenda: t('calendar.agenda'),
            date: t('calendar.date'),
            time: t('calendar.time'),
            event: t('calendar.event'),
            noEventsInRange: t('calendar.noEvents'),
            showMore: (count: number) => t('calendar.showMore', { count }),
          }}
        />
      </Box>
      <ScheduleDialog
        open={adding !== null || editing !== undefined}
        schedule={editing}
        start={adding?.start}
        onClose={() => {
          setAdding(null);
          setEditing(undefined);
        }}
      />
      <ScheduleDialog
        open={askedContact.data !== undefined}
        contact={askedContact.data ?? null}
        onClose={closeAskedContact}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { name: deleting?.contact.name ?? '' })}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('toasts.deleted'));
            },
          })
        }
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
