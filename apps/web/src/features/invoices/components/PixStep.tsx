import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { PixChargeView } from '@zapdesk/contracts';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { usePaySandboxCharge } from '../api';
import { formatMoney } from '../invoiceStatus';

/** Step 4: the QR code and the copy-and-paste code, waiting for the payment; then the renewal message. */
export function PixStep({ charge, renewedUntil }: { charge: PixChargeView; renewedUntil: string | null }) {
  const { t } = useTranslation('invoices');
  const paySandbox = usePaySandboxCharge();

  if (renewedUntil !== null) {
    return (
      <Alert severity="success" data-testid="checkout-renewed">
        <Typography>{t('checkout.pix.renewed', { date: formatDate(renewedUntil) })}</Typography>
        <Typography variant="body2">{t('checkout.pix.goingHome')}</Typography>
      </Alert>
    );
  }

  const copy = async () => {
    await navigator.clipboard.writeText(charge.qrcode.qrcode).catch(() => undefined);
    toast.success(t('checkout.pix.copied'));
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      data-testid="checkout-pix"
    >
      <Typography textAlign="center">{t('checkout.pix.scan')}</Typography>
      <Typography variant="h6">{formatMoney(Number(charge.valor.original))}</Typography>
      <Box
        component="img"
        src={charge.qrcode.imagemQrcode}
        alt="Pix QR code"
        data-testid="pix-qrcode"
        sx={{ width: 240, maxWidth: '100%', aspectRatio: '1', imageRendering: 'pixelated' }}
      />
      <TextField
        label={t('checkout.pix.code')}
        value={charge.qrcode.qrcode}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pix-code' } }}
      />
      <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="pix-copy">
        {t('checkout.pix.copy')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="pix-waiting">
        <CircularProgress size={18} />
        <Typography color="text.secondary">{t('checkout.pix.waiting')}</Typography>
      </Box>
      {charge.provider === 'sandbox' && (
        <Alert
          severity="info"
          sx={{ width: '100%', boxSizing: 'border-box' }}
          action={
            <Button
              color="inherit"
              size="small"
              loading={paySandbox.isPending}
              disabled={paySandbox.isSuccess}
              onClick={() => paySandbox.mutate(charge.txid)}
              data-testid="pix-sandbox-pay"
            >
              {t('checkout.pix.paySandbox')}
            </Button>
          }
        >
          {t('checkout.pix.sandbox')}
        </Alert>
      )}
    </Box>
  );
}
