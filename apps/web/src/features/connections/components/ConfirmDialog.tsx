import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Cancel or confirm a destructive action. */
export function ConfirmDialog({
  open,
  title,
  message,
  pending = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('connections');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="confirm-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('confirm.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          loading={pending}
          onClick={onConfirm}
          data-testid="confirm-button"
        >
          {t('confirm.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
