import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allTicketValues, DEFAULT_TIME_ZONE, profiles, timeZones, type UserView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormSelectField } from '../../../components/form/FormSelectField';
import { FormTextField } from '../../../components/form/FormTextField';
import { PasswordField } from '../../../components/form/PasswordField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { toast } from '../../../lib/toast';
import { endSession } from '../../../lib/session/tokenStore';
import { useCurrentUser, useSession } from '../../auth/sessionContext';
import { useConnectionOptions, useQueueOptions, useSaveUser } from '../api';
import { useCan } from '../../auth/can';
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
  // Spec 1 section 6: user-modal:editProfile and user-modal:editQueues; the connection and allTicket too.
  const canManageUsers = useCan('users.manage');
  const canEditProfile = useCan('users.editProfile');
  const canEditQueues = useCan('users.editQueues');
  const queues = useQueueOptions(open && canEditQueues);
  const connections = useConnectionOptions(open && canManageUsers);
  const save = useSaveUser();
  const { form, dialog } = useEntityDialog<UserForm, UserFormInput, UserView>({
    resolver: zodResolver(userFormSchema(isEdit)),
    values: formOf(user),
    // A live update of the edited user must not wipe what is being typed.
    followValues: true,
    save: (values) => {
      // Fields a user may not change are left out rather than sent back unchanged.
      const body = {
        name: values.name,
        email: values.email,
        password: values.password,
        timeZone: values.timeZone,
        ...(canEditProfile && { profile: values.profile }),
        ...(canEditQueues && { queueIds: values.queueIds }),
        ...(canManageUsers && { allTicket: values.allTicket, whatsappId: values.whatsappId ?? null }),
      };
      return save.mutateAsync(
        user ? { id: user.id, body } : { body: { ...body, password: values.password ?? '' } },
      );
    },
    savedMessage: t('toasts.saved'),
    onClose,
    onSaved: (saved, values) => {
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

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('modal.editTitle') : t('modal.addTitle')}
      cancelLabel={t('modal.cancel')}
      submitLabel={isEdit ? t('modal.save') : t('modal.add')}
      {...dialog}
      testId="user-dialog"
    >
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
          <FormSelectField
            control={form.control}
            name="profile"
            label={t('modal.profile')}
            options={profiles.map((profile) => ({ value: profile, label: t(`profiles.${profile}`) }))}
          />
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
        {canManageUsers && (
          <FormSelectField
            control={form.control}
            name="whatsappId"
            label={t('modal.whatsapp')}
            options={[
              { value: '', label: t('modal.noWhatsapp') },
              ...(connections.data ?? []).map((connection) => ({
                value: connection.id,
                label: connection.name,
              })),
            ]}
          />
        )}
        {canManageUsers && (
          <FormSelectField
            control={form.control}
            name="allTicket"
            label={t('modal.allTicket')}
            options={allTicketValues.map((value) => ({ value, label: t(`allTicket.${value}`) }))}
          />
        )}
        <FormSelectField
          control={form.control}
          name="timeZone"
          label={t('modal.timeZone')}
          options={timeZones.map((zone) => ({ value: zone, label: zone }))}
        />
      </Box>
    </FormDialog>
  );
}
