import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mediaUrl, type AnnouncementSummary } from '../api';

/** Read-only view of an announcement: title, text and its image, if any. */
export function AnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement: AnnouncementSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={announcement !== null} onClose={onClose} fullWidth maxWidth="sm">
      {announcement && (
        <>
          <DialogTitle>{announcement.title}</DialogTitle>
          <DialogContent dividers>
            {announcement.mediaPath && (
              <Box
                component="img"
                src={mediaUrl(announcement.mediaPath)}
                alt={announcement.mediaName ?? ''}
                sx={{ maxWidth: '100%', maxHeight: 300, display: 'block', mx: 'auto', mb: 2 }}
              />
            )}
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {announcement.text}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('actions.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
