import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InvoiceView, PlanView } from '@zapdesk/contracts';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../invoiceStatus';

/** Step 2: the company's plan and what this invoice charges for it (the server's amount, never the form's). */
export function CheckoutPlanStep({ invoice, plan }: { invoice: InvoiceView; plan: PlanView | null }) {
  const { t } = useTranslation('invoices');
  const limit = (count: number) => (count === 0 ? t('checkout.plan.unlimited') : count);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="checkout-plan">
      <Typography variant="h6">{plan?.name ?? invoice.detail}</Typography>
      <Typography color="text.secondary" gutterBottom>
        {t('checkout.plan.invoice', { id: invoice.id, date: formatDate(invoice.dueDate) })}
      </Typography>
      {plan && (
        <>
          <Typography>{t('checkout.plan.users', { count: limit(plan.users) })}</Typography>
          <Typography>{t('checkout.plan.connections', { count: limit(plan.connections) })}</Typography>
          <Typography>{t('checkout.plan.queues', { count: limit(plan.queues) })}</Typography>
        </>
      )}
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {t('checkout.plan.amount')}
      </Typography>
      <Typography variant="h5" data-testid="checkout-amount">
        {formatMoney(invoice.value)}
      </Typography>
    </Paper>
  );
}
