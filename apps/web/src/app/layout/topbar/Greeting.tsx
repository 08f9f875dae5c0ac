import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../features/auth/sessionContext';
import { formatDate } from '../../../lib/dates';
import { useCan } from '../../../features/auth/can';

/** "Hello <user>, welcome to <company>!" and, for admins on wide screens, the active-until date. */
export function Greeting() {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const dueDate = formatDate(user.company.dueDate);
  const showDueDate = useCan('company.dueDate.view') && dueDate !== '';

  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 2 }}>
      <Typography data-testid="greeting" noWrap sx={{ minWidth: 0 }}>
        <Trans
          t={t}
          i18nKey="topbar.greeting"
          values={{ name: user.name, company: user.company.name }}
          components={{ b: <b /> }}
        />
      </Typography>
      {showDueDate && (
        <Typography
          data-testid="active-until"
          variant="body2"
          noWrap
          sx={{ display: { xs: 'none', lg: 'block' }, opacity: 0.85, flexShrink: 0 }}
        >
          {t('topbar.activeUntil', { date: dueDate })}
        </Typography>
      )}
    </Box>
  );
}
