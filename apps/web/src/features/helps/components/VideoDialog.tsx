import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@zapdesk/contracts';
import { embedUrl, videoIdOf } from '../youtube';

/** The embedded player of a help video; Escape, the backdrop or the close button shut it. */
export function VideoDialog({ help, onClose }: { help: HelpView | null; onClose: () => void }) {
  const { t } = useTranslation('helps');
  const videoId = help ? videoIdOf(help.video) : null;
  return (
    <Dialog open={help !== null} onClose={onClose} fullWidth maxWidth="lg" data-testid="help-video-dialog">
      <DialogTitle sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {help?.title}
        <IconButton aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'common.black', display: 'flex', alignItems: 'center' }}>
        {videoId ? (
          <Box
            component="iframe"
            src={embedUrl(videoId)}
            title={help?.title ?? ''}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            sx={{ border: 0, width: '100%', height: '100%' }}
          />
        ) : (
          <Typography sx={{ color: 'common.white', textAlign: 'center', width: '100%', p: 2 }}>
            {t('noVideo')}
          </Typography>
        )}
      </Box>
    </Dialog>
  );
}
