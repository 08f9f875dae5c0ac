import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InvoiceView, PlanView } from '@zapdesk/contracts';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../invoiceStatus';
import type { CheckoutDataForm } from './checkoutData';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

/** Step 3: what will be charged, and to whom. */
export function CheckoutReviewStep({
  invoice,
  plan,
  data,
}: {
  invoice: InvoiceView;
  plan: PlanView | null;
  data: CheckoutDataForm;
}) {
  const { t } = useTranslation('invoices');
  const payer = [data.firstName, data.lastName].join(' ').trim();
  const place = [data.address2, data.city, data.state, data.zipcode, data.country].filter(Boolean).join(', ');
  return (
    <Box data-testid="checkout-review">
      <Line label={t('checkout.review.plan')} value={plan?.name ?? invoice.detail} />
      <Line label={t('checkout.review.amount')} value={formatMoney(invoice.value)} />
      <Line label={t('checkout.review.dueDate')} value={formatDate(invoice.dueDate)} />
      <Line
        label={t('checkout.review.payer')}
        value={payer ? [payer, place].filter(Boolean).join(' — ') : t('checkout.review.noPayer')}
      />
    </Box>
  );
}
