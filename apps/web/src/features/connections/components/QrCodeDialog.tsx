import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { WhatsappView } from '@zapdesk/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSimulatorAvailable } from '../../simulator/availability';
import { useScanQrCode } from '../../simulator/api';

/**
 * The connection's QR code, redrawn as new ones are pushed; it closes by itself when the pushed QR becomes
 * empty (connected or given up). Simulator connections can be scanned by the built-in fake phone.
 */
export function QrCodeDialog({
  connection,
  onClose,
}: {
  connection: WhatsappView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('connections');
  const simulator = useSimulatorAvailable(connection?.provider === 'simulator');
  const scan = useScanQrCode();
  const id = connection?.id;

  const qrcode = connection?.qrcode ?? '';
  // The live list carries every pushed QR: once one was shown, an empty one means connected or given up.
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (id === undefined) shown.current = null;
    else if (qrcode) shown.current = id;
    else if (shown.current === id) {
      shown.current = null;
      onClose();
    }
  }, [id, qrcode, onClose]);
  const canScan = connection?.provider === 'simulator' && simulator.data === true;

  return (
    <Dialog open={connection !== null} onClose={onClose} maxWidth="xs" fullWidth data-testid="qrcode-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        {t('qrCode.title', { name: connection?.name ?? '' })}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {t('qrCode.message')}
        </Typography>
        {qrcode ? (
          <Box
            data-testid="qrcode-image"
            data-qrcode={qrcode}
            sx={{ bgcolor: '#fff', p: 1.5, borderRadius: 1, width: '100%', maxWidth: 280, lineHeight: 0 }}
          >
            <QRCodeSVG value={qrcode} size={256} style={{ width: '100%', height: 'auto' }} />
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }}>
            <CircularProgress size={20} />
            <Typography variant="body2">{t('qrCode.waiting')}</Typography>
          </Box>
        )}
        {canScan && (
          <Button
            variant="contained"
            color="secondary"
            data-testid="simulator-scan"
            loading={scan.isPending}
            disabled={!qrcode}
            onClick={() => connection && scan.mutate(connection.id)}
          >
            {t('qrCode.simulatorScan')}
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('qrCode.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
