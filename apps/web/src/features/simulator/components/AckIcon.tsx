import AccessTime from '@mui/icons-material/AccessTime';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import { useTranslation } from 'react-i18next';
import { ackState } from '../conversation';

/** Sent ✓, delivered ✓✓, read blue ✓✓. */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation('simulator');
  const state = ackState(ack);
  const common = {
    fontSize: 'inherit',
    titleAccess: t(`ack.${state}`),
    'data-testid': 'ack',
    'data-ack': state,
  } as const;
  switch (state) {
    case 'pending':
      return <AccessTime {...common} color="disabled" />;
    case 'sent':
      return <Done {...common} color="action" />;
    case 'delivered':
      return <DoneAll {...common} color="action" />;
    case 'read':
      return <DoneAll {...common} sx={{ color: '#34B7F1' }} />;
  }
}
