import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { QueueView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;
const hideBelowDesktop = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The queues: id, name, colour, order and greeting; edit and delete for admins. */
export function QueuesTable({
  queues,
  canEdit,
  onEdit,
  onDelete,
}: {
  queues: readonly QueueView[];
  canEdit: boolean;
  onEdit: (queue: QueueView) => void;
  onDelete: (queue: QueueView) => void;
}) {
  const { t } = useTranslation('queues');
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...hideOnPhone, width: 64 }}>{t('table.id')}</TableCell>
          <TableCell>{t('table.name')}</TableCell>
          <TableCell sx={{ width: { xs: 64, sm: 150 } }}>{t('table.color')}</TableCell>
          <TableCell sx={{ ...hideOnPhone, width: 80 }}>{t('table.order')}</TableCell>
          <TableCell sx={hideBelowDesktop}>{t('table.greeting')}</TableCell>
          {canEdit && (
            <TableCell align="right" sx={{ width: 96 }}>
              {t('table.actions')}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.id} data-testid="queue-row" data-queue-id={queue.id} hover>
            <TableCell sx={hideOnPhone}>{queue.id}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{queue.name}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  data-testid="queue-color"
                  data-color={queue.color}
                  sx={{ width: 24, height: 24, flexShrink: 0, borderRadius: 0.5, bgcolor: queue.color }}
                />
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontFamily: 'monospace' }}>
                  {queue.color}
                </Box>
              </Box>
            </TableCell>
            <TableCell sx={hideOnPhone}>{queue.orderQueue ?? ''}</TableCell>
            <TableCell sx={hideBelowDesktop}>
              <Box
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={queue.greetingMessage}
              >
                {queue.greetingMessage}
              </Box>
            </TableCell>
            {canEdit && (
              <RowActions
                sx={{ px: 0.5 }}
                edit={{
                  label: t('table.edit'),
                  onClick: () => onEdit(queue),
                  testId: 'queue-edit',
                  tooltip: true,
                }}
                remove={{
                  label: t('table.delete'),
                  onClick: () => onDelete(queue),
                  testId: 'queue-delete',
                  tooltip: true,
                }}
              />
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
