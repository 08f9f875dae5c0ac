import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { AnnouncementView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

const priorityColor = { 1: 'error', 2: 'warning', 3: 'default' } as const;

/** Announcements with their priority, status and image; edit and delete. */
export function AnnouncementsTable({
  records,
  onEdit,
  onDelete,
}: {
  records: readonly AnnouncementView[];
  onEdit: (record: AnnouncementView) => void;
  onDelete: (record: AnnouncementView) => void;
}) {
  const { t } = useTranslation('announcements');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('table.title')}</TableCell>
          <TableCell sx={{ width: { xs: 80, sm: 120 } }}>{t('table.priority')}</TableCell>
          <TableCell sx={{ width: 110, display: { xs: 'none', sm: 'table-cell' } }}>
            {t('table.status')}
          </TableCell>
          <TableCell sx={{ width: 160, display: { xs: 'none', md: 'table-cell' } }}>
            {t('table.image')}
          </TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            {t('table.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id} hover data-testid="announcement-row" data-announcement-id={record.id}>
            <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {record.title}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                label={t(`priority.${record.priority === 1 ? 1 : record.priority === 2 ? 2 : 3}`)}
                color={priorityColor[record.priority === 1 ? 1 : record.priority === 2 ? 2 : 3]}
              />
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {record.status ? t('status.active') : t('status.inactive')}
            </TableCell>
            <TableCell
              sx={{ display: { xs: 'none', md: 'table-cell' }, overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {record.mediaName ?? '—'}
            </TableCell>
            <RowActions
              sx={{ px: 0.5 }}
              edit={{ label: t('table.edit'), onClick: () => onEdit(record), testId: 'announcement-edit' }}
              remove={{
                label: t('table.delete'),
                onClick: () => onDelete(record),
                testId: 'announcement-delete',
              }}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
