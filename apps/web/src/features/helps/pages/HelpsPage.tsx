import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@zapdesk/contracts';
import { useHelps } from '../api';
import { HelpCard } from '../components/HelpCard';
import { VideoDialog } from '../components/VideoDialog';

/** /helps: a grid of help videos, each opening an embedded player (spec 2 section 2). */
export function HelpsPage() {
  const { t } = useTranslation('helps');
  const { t: tp } = useTranslation('pages');
  const helps = useHelps();
  const [playing, setPlaying] = useState<HelpView | null>(null);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {tp('titles.helps')}
      </Typography>
      {helps.isPending && <CircularProgress size={28} />}
      {helps.data?.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
        }}
      >
        {(helps.data ?? []).map((help) => (
          <HelpCard key={help.id} help={help} onOpen={setPlaying} />
        ))}
      </Box>
      <VideoDialog help={playing} onClose={() => setPlaying(null)} />
    </Box>
  );
}
