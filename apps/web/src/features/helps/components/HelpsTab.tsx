import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowActions } from '../../../components/list/RowActions';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toastOperationError, useListErrorToast } from '../../settings/operationToasts';
import { useDeleteHelp, useHelps } from '../api';
import { HelpDialog } from './HelpDialog';

const mediumUp = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The super user's help videos: list, add, edit and delete. */
export function HelpsTab() {
  const { t } = useTranslation('helps');
  const helps = useHelps({ silent: true });
  const remove = useDeleteHelp();
  const actions = useRecordActions<HelpView>(remove, t('toasts.success'), {
    onDeleteError: (error) => toastOperationError(error, t('toasts.errorOperation')),
  });
  useListErrorToast(helps.isError, t('toasts.errorList'));

  const rows = helps.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Button variant="contained" onClick={actions.openAdd} data-testid="add-help-button">
          {t('add')}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'auto' }} data-testid="helps-list">
        <Table stickyHeader size="small" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.title')}</TableCell>
              <TableCell sx={{ ...mediumUp, width: 200 }}>{t('columns.video')}</TableCell>
              <TableCell sx={mediumUp}>{t('columns.description')}</TableCell>
              <TableCell align="right" sx={{ width: 96 }}>
                {t('columns.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((help) => (
              <TableRow key={help.id} hover data-testid="help-row">
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{help.title}</TableCell>
                <TableCell sx={{ ...mediumUp, overflowWrap: 'anywhere' }}>{help.video}</TableCell>
                <TableCell sx={{ ...mediumUp, overflowWrap: 'anywhere' }}>{help.description}</TableCell>
                <RowActions
                  edit={{ label: t('actions.edit'), onClick: () => actions.openEdit(help) }}
                  remove={{ label: t('actions.delete'), onClick: () => actions.askDelete(help) }}
                />
              </TableRow>
            ))}
            {!helps.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary">{t('empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {helps.isFetching && <LinearProgress />}
      </Paper>
      <HelpDialog
        key={actions.dialogKey}
        open={actions.dialogOpen}
        help={actions.editing ?? null}
        onClose={actions.closeDialog}
      />
      <ConfirmDialog
        {...actions.confirm}
        title={t('confirmDelete.title', { name: actions.deleting?.title ?? '' })}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}
