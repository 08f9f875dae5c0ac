import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Cancel / confirm before something that cannot be undone (spec 1 section 2, other dialogs). */
export function ConfirmDialog({ open, title, children, loading, onCancel, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth data-testid="confirm-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{title}</DialogTitle>
      {children && (
        <DialogContent dividers>
          <Typography>{children}</Typography>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel}>{t('confirmDialog.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          loading={loading}
          onClick={onConfirm}
          data-testid="confirm-button"
        >
          {t('confirmDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
