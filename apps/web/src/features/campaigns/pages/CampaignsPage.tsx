import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CampaignView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toast, toastError } from '../../../lib/toast';
import { CampaignDialog } from '../components/CampaignDialog';
import { useCampaigns, useCampaignTransition, useDeleteCampaign } from '../campaignsApi';
import { useCampaignsLive } from '../realtime';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** /campaigns: the table with stop, restart, report, edit and delete (spec 2 section 2). */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const list = useCampaigns();
  const remove = useDeleteCampaign();
  const transition = useCampaignTransition();
  const actions = useRecordActions<CampaignView>(remove, t('campaigns.deleted'));
  useCampaignsLive();
  const run = (id: number, action: 'cancel' | 'restart') =>
    transition.mutate(
      { id, action },
      {
        onSuccess: () =>
          toast.success(action === 'cancel' ? t('campaigns.cancelled') : t('campaigns.restarted')),
        onError: toastError,
      },
    );
  const status = (value: string) => t(`campaigns.statuses.${value}`, { defaultValue: value });
  return (
    <RecordListPage
      title={t('campaigns.title')}
      searchLabel={t('campaigns.search')}
      addLabel={t('campaigns.add')}
      addTestId="campaign-add"
      listTestId="campaign-list"
      emptyText={t('campaigns.empty')}
      list={list}
      onAdd={actions.openAdd}
      dialogs={
        <>
          <CampaignDialog
            open={actions.dialogOpen}
            campaign={actions.editing}
            onClose={actions.closeDialog}
          />
          <ConfirmDialog
            open={actions.deleting !== null}
            title={t('campaigns.deleteTitle', { name: actions.deleting?.name ?? '' })}
            pending={remove.isPending}
            onConfirm={actions.confirmDelete}
            onClose={actions.cancelDelete}
          >
            {t('campaigns.deleteText')}
          </ConfirmDialog>
        </>
      }
    >
      <Table size="small" stickyHeader sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.name')}</TableCell>
            <TableCell>{t('campaigns.status')}</TableCell>
            <TableCell>{t('campaigns.contactList')}</TableCell>
            <TableCell>{t('campaigns.whatsapp')}</TableCell>
            <TableCell>{t('campaigns.scheduledAt')}</TableCell>
            <TableCell>{t('campaigns.completedAt')}</TableCell>
            <TableCell align="right">{t('campaigns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.records.map((c) => (
            <TableRow key={c.id} hover data-testid="campaign-row">
              <TableCell>{c.name}</TableCell>
              <TableCell data-testid="campaign-status">{status(c.status)}</TableCell>
              <TableCell>{c.contactList?.name ?? t('campaigns.none')}</TableCell>
              <TableCell>{c.whatsapp?.name ?? t('campaigns.none')}</TableCell>
              <TableCell>{when(c.scheduledAt)}</TableCell>
              <TableCell>{when(c.completedAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 0.5 }}>
                {c.status === 'EM_ANDAMENTO' && (
                  <IconButton
                    size="small"
                    aria-label={t('campaigns.stop')}
                    onClick={() => run(c.id, 'cancel')}
                  >
                    <PauseCircleOutlineIcon fontSize="small" />
                  </IconButton>
                )}
                {c.status === 'CANCELADA' && (
                  <IconButton
                    size="small"
                    aria-label={t('campaigns.restart')}
                    onClick={() => run(c.id, 'restart')}
                  >
                    <PlayCircleOutlineIcon fontSize="small" />
                  </IconButton>
                )}
                <IconButton
                  size="small"
                  aria-label={t('campaigns.report')}
                  data-testid="campaign-report"
                  onClick={() => void navigate(`/campaign/${c.id}/report`)}
                >
                  <AssessmentIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('campaigns.edit')} onClick={() => actions.openEdit(c)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                {c.status !== 'EM_ANDAMENTO' && (
                  <IconButton
                    size="small"
                    aria-label={t('campaigns.delete')}
                    onClick={() => actions.askDelete(c)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </RecordListPage>
  );
}
