import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AssessmentIcon from '@mui/icons-material/Assessment';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CampaignView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toast, toastError } from '../../../lib/toast';
import { CampaignDialog } from '../components/CampaignDialog';
import { useCampaigns, useCampaignTransition, useDeleteCampaign } from '../campaignsApi';
import { useCampaignsLive } from '../realtime';
import { RowActions } from '../../../components/list/RowActions';

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
      confirmDelete={{
        ...actions.confirm,
        title: t('campaigns.deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('campaigns.deleteText'),
      }}
      dialogs={
        <CampaignDialog open={actions.dialogOpen} campaign={actions.editing} onClose={actions.closeDialog} />
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
              <RowActions
                sx={{ px: 0.5 }}
                leading={[
                  ...(c.status === 'EM_ANDAMENTO'
                    ? [
                        {
                          label: t('campaigns.stop'),
                          icon: <PauseCircleOutlineIcon fontSize="small" />,
                          onClick: () => run(c.id, 'cancel'),
                        },
                      ]
                    : []),
                  ...(c.status === 'CANCELADA'
                    ? [
                        {
                          label: t('campaigns.restart'),
                          icon: <PlayCircleOutlineIcon fontSize="small" />,
                          onClick: () => run(c.id, 'restart'),
                        },
                      ]
                    : []),
                  {
                    label: t('campaigns.report'),
                    icon: <AssessmentIcon fontSize="small" />,
                    onClick: () => void navigate(`/campaign/${c.id}/report`),
                    testId: 'campaign-report',
                  },
                ]}
                edit={{ label: t('campaigns.edit'), onClick: () => actions.openEdit(c) }}
                remove={
                  c.status !== 'EM_ANDAMENTO'
                    ? { label: t('campaigns.delete'), onClick: () => actions.askDelete(c) }
                    : undefined
                }
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </RecordListPage>
  );
}
