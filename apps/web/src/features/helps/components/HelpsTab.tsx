import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@zapdesk/contracts';
import { toast } from '../../../lib/toast';
import { toastOperationError, useListErrorToast } from '../../settings/operationToasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteHelp, useHelps } from '../api';
import { HelpDialog } from './HelpDialog';

const mediumUp = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The super user's help videos: list, add, edit and delete. */
export function HelpsTab() {
  const { t } = useTranslation('helps');
  const helps = useHelps({ silent: true });
  const remove = useDeleteHelp();
  // Each opening mounts a fresh form; closing keeps the content until the dialog has faded out.
  const [dialog, setDialog] = useState({ open: false, help: null as HelpView | null, key: 0 });
  const openDialog = (help: HelpView | null) => setDialog((d) => ({ open: true, help, key: d.key + 1 }));
  const [deleting, setDeleting] = useState<HelpView | null>(null);
  useListErrorToast(helps.isError, t('toasts.errorList'));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('toasts.success')),
      onError: (error) => toastOperationError(error, t('toasts.errorOperation')),
      onSettled: () => setDeleting(null),
    });
  };

  const rows = helps.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Button variant="contained" onClick={() => openDialog(null)} data-testid="add-help-button">
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
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={t('actions.edit')} onClick={() => openDialog(help)}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('actions.delete')} onClick={() => setDeleting(help)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
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
        key={dialog.key}
        open={dialog.open}
        help={dialog.help}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title', { name: deleting?.title ?? '' })}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
}
