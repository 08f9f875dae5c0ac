import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCampaign } from '../campaignsApi';
import { useCampaignsLive } from '../realtime';

/** Spec 2 section 4: the report refetches 5 seconds after a live update reports FINALIZADA. */
export const REFETCH_AFTER_FINISH_MS = 5000;

/** /campaign/:campaignId/report: a live progress bar and the cards, fed by `-campaign` events. */
export function CampaignReportPage() {
  const { t } = useTranslation('campaigns');
  const id = Number(useParams().campaignId);
  const campaign = useCampaign(id);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { refetch } = campaign;
  useCampaignsLive((record) => {
    if (record.id !== id || record.status !== 'FINALIZADA') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), REFETCH_AFTER_FINISH_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const data = campaign.data;
  const report = data?.report;
  const total = report?.validContacts ?? 0;
  const done = (report?.delivered ?? 0) + (report?.failed ?? 0);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const cards: Array<[string, string | number]> = [
    [t('report.validContacts'), report?.validContacts ?? 0],
    [t('report.confirmationRequested'), report?.confirmationRequested ?? 0],
    [t('report.confirmed'), report?.confirmed ?? 0],
    [t('report.delivered'), report?.delivered ?? 0],
    [t('report.failed'), report?.failed ?? 0],
    [t('report.status'), data ? t(`campaigns.statuses.${data.status}`, { defaultValue: data.status }) : ''],
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" gutterBottom>
        {t('report.title', { name: data?.name ?? '' })}
      </Typography>
      <Typography variant="body2">{t('report.progress')}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          sx={{ flex: 1, height: 10, borderRadius: 5 }}
          data-testid="campaign-progress"
          aria-valuenow={percent}
        />
        <Typography variant="body2" data-testid="campaign-progress-text">{`${percent}%`}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {cards.map(([label, value]) => (
          <Card key={label} variant="outlined">
            <CardContent>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" data-testid="campaign-card">
                {value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box sx={{ mt: 3, display: 'grid', gap: 0.5 }}>
        <Typography variant="body2">{`${t('report.whatsapp')}: ${data?.whatsapp?.name ?? ''}`}</Typography>
        <Typography variant="body2">{`${t('report.contactList')}: ${data?.contactList?.name ?? ''}`}</Typography>
        <Typography variant="body2">
          {`${t('report.scheduledAt')}: ${data?.scheduledAt ? new Date(data.scheduledAt).toLocaleString() : ''}`}
        </Typography>
        <Typography variant="body2">
          {`${t('report.completedAt')}: ${data?.completedAt ? new Date(data.completedAt).toLocaleString() : ''}`}
        </Typography>
      </Box>
    </Box>
  );
}
