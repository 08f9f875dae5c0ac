import { zodResolver } from '@hookform/resolvers/zod';
import { TicketNoteInput } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCurrentUser } from '../../auth/sessionContext';
import { useAddTicketNote, useDeleteTicketNote, useTicketNotes } from '../api';
import { useCan } from '../../auth/can';

const NoteForm = TicketNoteInput.pick({ note: true });

/** The ticket's notes: add one (2 characters or more), delete your own (admins: any). */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation('tickets');
  const me = useCurrentUser();
  const changeAny = useCan('records.changeAny');
  const notes = useTicketNotes(ticketId, contactId);
  const add = useAddTicketNote();
  const remove = useDeleteTicketNote();
  const { control, handleSubmit, reset, setFocus } = useForm({
    resolver: zodResolver(NoteForm),
    defaultValues: { note: '' },
  });

  const onSubmit = handleSubmit(({ note }) =>
    add.mutate(
      { note, ticketId, contactId },
      {
        onSuccess: () => {
          reset({ note: '' });
          // The save button was disabled while saving, which drops the focus: give it back to the field, ready
          // for the next note and inside the drawer (so Escape still closes it).
          setFocus('note');
          toast.success(t('notes.saved'));
        },
      },
    ),
  );

  return (
    <Box data-testid="ticket-notes">
      <Typography variant="subtitle2">{t('notes.title')}</Typography>
      <Box component="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormTextField
          control={control}
          name="note"
          label={t('notes.new')}
          multiline
          minRows={2}
          size="small"
        />
        <Button
          type="submit"
          size="small"
          variant="contained"
          loading={add.isPending}
          data-testid="note-save"
        >
          {t('notes.save')}
        </Button>
      </Box>
      <List dense>
        {(notes.data ?? []).map((note) => (
          <ListItem
            key={note.id}
            disableGutters
            data-testid="ticket-note"
            secondaryAction={
              changeAny || note.userId === me.id ? (
                <IconButton
                  edge="end"
                  aria-label={t('notes.delete')}
                  data-testid="note-delete"
                  onClick={() => remove.mutate(note, { onSuccess: () => toast.success(t('notes.deleted')) })}
                  disabled={remove.isPending}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText
              primary={note.note}
              secondary={`${note.user?.name ?? ''} · ${formatDateTime(note.createdAt)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
