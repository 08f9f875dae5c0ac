import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import type { QuickMessageView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Shortcodes and attachment names; edit and delete where the user may change the message. */
export function QuickMessagesTable({
  records,
  canChange,
  onEdit,
  onDelete,
}: {
  records: readonly QuickMessageView[];
  canChange: (record: QuickMessageView) => boolean;
  onEdit: (record: QuickMessageView) => void;
  onDelete: (record: QuickMessageView) => void;
}) {
  const { t } = useTranslation('quickMessages');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('table.shortcode')}</TableCell>
          <TableCell>{t('table.attachment')}</TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            {t('table.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id} hover data-testid="quick-message-row" data-quick-message-id={record.id}>
            <TableCell sx={ellipsis} title={record.shortcode} data-testid="quick-message-shortcode">
              {record.shortcode}
            </TableCell>
            <TableCell data-testid="quick-message-attachment">
              {record.mediaName && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                  <AttachFileIcon fontSize="small" color="action" sx={{ flexShrink: 0 }} />
                  <Box component="span" sx={ellipsis} title={record.mediaName}>
                    {record.mediaName}
                  </Box>
                </Box>
              )}
            </TableCell>
            <RowActions
              hidden={!canChange(record)}
              sx={{ px: 0.5 }}
              edit={{ label: t('table.edit'), onClick: () => onEdit(record), testId: 'quick-message-edit' }}
              remove={{
                label: t('table.delete'),
                onClick: () => onDelete(record),
                testId: 'quick-message-delete',
              }}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
