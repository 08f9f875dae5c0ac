import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allTicketValues, DEFAULT_TIME_ZONE, profiles, timeZones, type UserView } from '@zapdesk/contracts';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { toast } from '../../../lib/toast';
import { endSession } from '../../../lib/session/tokenStore';
import { useCurrentUser, useSession } from '../../auth/sessionContext';
import { useConnectionOptions, useQueueOptions, useSaveUser, type UserSave } from '../api';
import { can } from '../permissions';
import { userFormSchema, type UserForm, type UserFormInput } from '../schemas';
import { QueueSelectField } from './QueueSelectField';

type TimeZone = (typeof timeZones)[number];

const emptyUser: UserForm = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  allTicket: 'desabled',
  timeZone: 'UTC',
  whatsappId: '',
  queueIds: [],
};

const isTimeZone = (zone: string): zone is TimeZone => (timeZones as readonly string[]).includes(zone);

const formOf = (user: UserView | null): UserForm =>
  user
    ? {
        name: user.name,
        email: user.email,
        password: '',
        profile: user.profile,
        allTicket: user.allTicket,
        timeZone: isTimeZone(user.timeZone) ? user.timeZone : DEFAULT_TIME_ZONE,
        whatsappId: user.whatsappId ?? '',
        queueIds: user.queues.map((queue) => queue.id),
      }
    : emptyUser;

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

interface UserDialogProps {
  open: boolean;
  /** The user being edited; null adds a new one. */
  user: UserView | null;
  onClose: () => void;
}

/** Add or edit a user (spec 1 sections 5 and 6): admin-only fields are shown to admins only. */
export function UserDialog({ open, user, onClose }: UserDialogProps) {
  const { t } = useTranslation('users');
  const actor = useCurrentUser();
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const isEdit = user?.id !== undefined;
  const isAdmin = actor.profile === 'admin';
  const canEditProfile = can(actor.profile, 'user-modal:editProfile');
  const canEditQueues = can(actor.profile, 'user-modal:editQueues');
  const queues = useQueueOptions(open && canEditQueues);
  const connections = useConnectionOptions(open && isAdmin);
  const save = useSaveUser();
  const form = useForm<UserForm, unknown, UserFormInput>({
    resolver: zodResolver(userFormSchema(isEdit)),
    values: formOf(user),
    // A live update of the edited user must not wipe what is being typed.
    resetOptions: { keepDirtyValues: true },
  });

  const close = () => {
    form.reset(emptyUser);
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    // Fields a user may not change are left out rather than sent back unchanged.
    const body = {
      name: values.name,
      email: values.email,
      password: values.password,
      timeZone: values.timeZone,
      ...(canEditProfile && { profile: values.profile }),
      ...(canEditQueues && { queueIds: values.queueIds }),
      ...(isAdmin && { allTicket: values.allTicket, whatsappId: values.whatsappId ?? null }),
    };
    const request: UserSave = user
      ? { id: user.id, body }
      : { body: { ...body, password: values.password ?? '' } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast.success(t('toasts.saved'));
        close();
        if (saved.id !== actor.id) return;
        updateUser({ name: saved.name, email: saved.email, timeZone: saved.timeZone });
        // A new password ends every session of the user on the server: sign in again now rather than fail
        // at the next refresh (as the profile dialog does).
        if (values.password) {
          toast.info(t('profile.passwordChanged'));
          endSession('logout');
          void navigate('/login', { replace: true });
        }
      },
    });
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="user-dialog">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{isEdit ? t('modal.editTitle') : t('modal.addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={form.control} name="name" label={t('modal.name')} required autoFocus />
            <FormTextField
              control={form.control}
              name="email"
              label={t('modal.email')}
              type="email"
              autoComplete="off"
              required
            />
            <PasswordField
              control={form.control}
              name="password"
              label={t('modal.password')}
              helperText={isEdit ? t('modal.passwordHelper') : undefined}
              autoComplete="new-password"
              required={!isEdit}
            />
            {canEditProfile && (
              <FormTextField
                control={form.control}
                name="profile"
                label={t('modal.profile')}
                select
                slotProps={nativeSelect}
              >
                {profiles.map((profile) => (
                  <option key={profile} value={profile}>
                    {t(`profiles.${profile}`)}
                  </option>
                ))}
              </FormTextField>
            )}
          </Box>
          {canEditQueues && (
            <QueueSelectField
              control={form.control}
              name="queueIds"
              label={t('modal.queues')}
              queues={queues.data ?? []}
            />
          )}
          <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {isAdmin && (
              <FormTextField
                control={form.control}
                name="whatsappId"
                label={t('modal.whatsapp')}
                select
                slotProps={nativeSelect}
              >
                <option value="">{t('modal.noWhatsapp')}</option>
                {(connections.data ?? []).map((connection) => (
                  <option key={connection.id} value={connection.id}>
                    {connection.name}
                  </option>
                ))}
              </FormTextField>
            )}
            {isAdmin && (
              <FormTextField
                control={form.control}
                name="allTicket"
                label={t('modal.allTicket')}
                select
                slotProps={nativeSelect}
              >
                {allTicketValues.map((value) => (
                  <option key={value} value={value}>
                    {t(`allTicket.${value}`)}
                  </option>
                ))}
              </FormTextField>
            )}
            <FormTextField
              control={form.control}
              name="timeZone"
              label={t('modal.timeZone')}
              select
              slotProps={nativeSelect}
            >
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </FormTextField>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('modal.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {isEdit ? t('modal.save') : t('modal.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
