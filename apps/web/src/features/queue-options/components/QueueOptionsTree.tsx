import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ROOT_PARENT } from '../api';
import { QueueOptionLevel } from './QueueOptionLevel';

/** The queue's nested chatbot options; a queue must be saved before it can have any. */
export function QueueOptionsTree({ queueId }: { queueId: number | undefined }) {
  const { t } = useTranslation('queues');
  return (
    <Box data-testid="queue-options" sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h3">
        {t('options.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {queueId === undefined ? t('options.saveFirst') : t('options.help')}
      </Typography>
      {queueId !== undefined && <QueueOptionLevel queueId={queueId} parentId={ROOT_PARENT} depth={0} />}
    </Box>
  );
}
