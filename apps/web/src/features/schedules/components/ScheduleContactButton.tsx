import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/sessionContext';
import { planFlagsOf } from '../../plans/planFlags';
import type { ScheduleContact } from './ScheduleContactField';
import { ScheduleDialog } from './ScheduleDialog';

/**
 * "Schedule message" for one contact (the ticket's action, an icon; the contact drawer, a button), opening the
 * schedule dialog with that contact. Hidden when the plan has no schedules.
 */
export function ScheduleContactButton({
  contact,
  variant,
}: {
  contact: ScheduleContact;
  variant: 'icon' | 'button';
}) {
  const { t } = useTranslation('schedules');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!planFlagsOf(user).useSchedules) return null;
  const label = t('actions.schedule');
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton onClick={() => setOpen(true)} aria-label={label} data-testid="ticket-schedule">
            <EventOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size="small"
          variant="outlined"
          startIcon={<EventOutlined />}
          onClick={() => setOpen(true)}
          sx={{ mt: 1, ml: 1 }}
          data-testid="contact-schedule"
        >
          {label}
        </Button>
      )}
      <ScheduleDialog open={open} contact={contact} onClose={() => setOpen(false)} />
    </>
  );
}
