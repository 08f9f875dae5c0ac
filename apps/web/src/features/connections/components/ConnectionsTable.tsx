import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { WhatsappView } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';
import type { SessionCommand } from '../api';
import { formatLastUpdate } from '../format';
import { ConnectionStatusIndicator } from './ConnectionStatusIndicator';
import { SessionActionButtons } from './SessionActionButtons';
import { RowActions } from '../../../components/list/RowActions';

/** Columns that give way below 600 px (the status and the session buttons move under the name). */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export interface ConnectionsTableProps {
  connections: WhatsappView[];
  showSessionActions: boolean;
  showEditDelete: boolean;
  pendingId: number | null;
  onShowQr: (connection: WhatsappView) => void;
  onCommand: (connection: WhatsappView, command: SessionCommand) => void;
  onEdit: (connection: WhatsappView) => void;
  onDelete: (connection: WhatsappView) => void;
}

/** Name, status, session buttons, last update, default flag and edit/delete of every connection. */
export function ConnectionsTable(props: ConnectionsTableProps) {
  const { t } = useTranslation('connections');
  const { connections, showSessionActions, showEditDelete } = props;
  // Rendered in one place only (under the name on phones), so every button keeps a single test hook and the
  // edit and delete column stays on screen at 360 px.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const sessionActions = (connection: WhatsappView) => (
    <SessionActionButtons
      connection={connection}
      pending={props.pendingId === connection.id}
      onShowQr={props.onShowQr}
      onCommand={props.onCommand}
    />
  );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('table.name')}</TableCell>
            <TableCell sx={wide}>{t('table.status')}</TableCell>
            {showSessionActions && !narrow && <TableCell>{t('table.session')}</TableCell>}
            <TableCell sx={wide}>{t('table.lastUpdate')}</TableCell>
            <TableCell sx={wide} align="center">
              {t('table.default')}
            </TableCell>
            {showEditDelete && <TableCell align="right">{t('table.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {connections.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary" variant="body2">
                  {t('empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {connections.map((connection) => (
            <TableRow
              key={connection.id}
              data-testid="connection-row"
              data-name={connection.name}
              data-status={connection.status}
            >
              <TableCell sx={{ maxWidth: { sm: 320 }, overflowWrap: 'anywhere' }}>
                {connection.name}
                <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                  <ConnectionStatusIndicator status={connection.status} />
                </Box>
                {showSessionActions && narrow && <Box sx={{ mt: 1 }}>{sessionActions(connection)}</Box>}
              </TableCell>
              <TableCell sx={wide}>
                <ConnectionStatusIndicator status={connection.status} />
              </TableCell>
              {showSessionActions && !narrow && <TableCell>{sessionActions(connection)}</TableCell>}
              <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
                {formatLastUpdate(connection.updatedAt)}
              </TableCell>
              <TableCell sx={wide} align="center">
                {connection.isDefault && (
                  <CheckCircle
                    color="success"
                    fontSize="small"
                    aria-label={t('table.default')}
                    data-testid="connection-default"
                  />
                )}
              </TableCell>
              {showEditDelete && (
                <RowActions
                  edit={{
                    label: t('buttons.edit'),
                    onClick: () => props.onEdit(connection),
                    testId: 'connection-edit',
                  }}
                  remove={{
                    label: t('buttons.delete'),
                    onClick: () => props.onDelete(connection),
                    testId: 'connection-delete',
                  }}
                />
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
