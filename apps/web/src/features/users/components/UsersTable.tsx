import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

/** Columns that make room for the name on a phone. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

interface UsersTableProps {
  users: readonly UserView[];
  loading: boolean;
  canManage: boolean;
  onEdit: (user: UserView) => void;
  onDelete: (user: UserView) => void;
}

/** Name, e-mail, profile, queues and actions; on narrow screens the e-mail goes under the name. */
export function UsersTable({ users, loading, canManage, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation('users');
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.email')}</TableCell>
          <TableCell sx={{ ...wideOnly, width: 130 }}>{t('columns.profile')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.queues')}</TableCell>
          {canManage && (
            <TableCell align="right" sx={{ width: 104 }}>
              {t('columns.actions')}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover data-testid="user-row">
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {user.name}
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: { md: 'none' }, overflowWrap: 'anywhere' }}
              >
                {user.email}
              </Typography>
            </TableCell>
            <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>{user.email}</TableCell>
            <TableCell sx={wideOnly}>{t(`profiles.${user.profile}`)}</TableCell>
            <TableCell sx={wideOnly}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {user.queues.map((queue) => (
                  <Chip
                    key={queue.id}
                    size="small"
                    label={queue.name}
                    sx={{ bgcolor: queue.color, color: 'common.white', maxWidth: '100%' }}
                  />
                ))}
              </Box>
            </TableCell>
            {canManage && (
              <RowActions
                edit={{ label: t('actions.edit'), onClick: () => onEdit(user) }}
                remove={{ label: t('actions.delete'), onClick: () => onDelete(user) }}
              />
            )}
          </TableRow>
        ))}
        {!loading && users.length === 0 && (
          <TableRow>
            <TableCell colSpan={5}>
              <Typography color="text.secondary">{t('empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
