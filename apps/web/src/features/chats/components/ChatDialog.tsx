import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, type ChatView, type UserView } from '@zapdesk/contracts';
import { callRoute } from '../../../lib/api/client';
import { useCurrentUser } from '../../auth/sessionContext';
import { useSaveChat } from '../api';

interface Person {
  id: number;
  name: string;
}

function useCompanyUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'list', 'chat-options'],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.users.listAll, UserView[]>(routes.users.listAll, { signal }),
    enabled,
    meta: { silent: true },
  });
}

/** Spec 2 section 5: a missing title or user shows an alert, and nothing is sent. */
function AlertDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={text !== null} onClose={onClose} role="alertdialog" data-testid="chat-alert">
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ChatForm({
  chat,
  onClose,
  onSaved,
}: {
  chat?: ChatView;
  onClose: () => void;
  onSaved: (chat: ChatView) => void;
}) {
  const { t } = useTranslation('chats');
  const { t: tc } = useTranslation();
  const me = useCurrentUser();
  const users = useCompanyUsers(true);
  const save = useSaveChat();
  const [title, setTitle] = useState(chat?.title ?? '');
  const [members, setMembers] = useState<Person[]>(
    (chat?.users ?? []).filter((m) => m.userId !== me.id).map((m) => ({ id: m.userId, name: m.user.name })),
  );
  const [alert, setAlert] = useState<string | null>(null);
  const options: Person[] = (users.data ?? [])
    .filter((u) => u.id !== me.id)
    .map((u) => ({ id: u.id, name: u.name }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setAlert(t('dialog.fillTitle'));
    if (members.length === 0) return setAlert(t('dialog.fillUsers'));
    save.mutate(
      { id: chat?.id, body: { title: title.trim(), users: members.map((m) => m.id) } },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>{chat ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          fullWidth
          margin="normal"
          name="title"
          label={t('dialog.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          autoFocus
        />
        <Autocomplete
          multiple
          options={options}
          value={members}
          loading={users.isPending}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => setMembers(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="normal"
              label={t('dialog.users')}
              inputProps={{ ...params.inputProps, 'data-testid': 'chat-users-input' }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="chat-save">
          {tc('actions.save')}
        </Button>
      </DialogActions>
      <AlertDialog text={alert} onClose={() => setAlert(null)} />
    </form>
  );
}

/** New chat (no chat) or edit one (owner only); closing unmounts the form, which resets it. */
export function ChatDialog({
  open,
  chat,
  onClose,
  onSaved,
}: {
  open: boolean;
  chat?: ChatView;
  onClose: () => void;
  onSaved: (chat: ChatView) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="chat-dialog">
      {open && <ChatForm chat={chat} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
