import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, type CompanyView, type InvoiceView } from '@zapdesk/contracts';
import { callRoute } from '../../../lib/api/client';
import { daysUntil, formatDate } from '../../../lib/dates';
import { useCurrentUser } from '../../auth/sessionContext';
import { useCompanyInvoices } from '../api';
import { CheckoutDialog } from '../components/CheckoutDialog';
import { nextOpenInvoice } from '../invoiceStatus';

/** /subscription: the trial's remaining time, the billing e-mail, and sign-now opening the checkout (spec 2). */
export function SubscriptionPage() {
  const { t } = useTranslation('invoices');
  const user = useCurrentUser();
  // GET /companies/listPlan/:id stays open to a blocked company, so it can see whom it pays as.
  const company = useQuery({
    queryKey: ['companies', 'listPlan', user.companyId],
    queryFn: ({ signal }): Promise<CompanyView> =>
      callRoute(routes.companies.listPlan, { params: { id: user.companyId }, signal }),
  });
  const invoices = useCompanyInvoices();
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const open = nextOpenInvoice(invoices.data ?? []);
  const trialDays = daysUntil(user.company.trialExpiration);
  const trial =
    trialDays === null
      ? t('subscription.noTrial')
      : trialDays < 0
        ? t('subscription.trialEnded')
        : t('subscription.trialLeft', { count: trialDays });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, boxSizing: 'border-box' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('subscription.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label={t('subscription.trial')}
          value={trial}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'subscription-trial' } }}
        />
        <TextField
          label={t('subscription.email')}
          value={company.data?.email ?? ''}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'subscription-email' } }}
        />
        <TextField
          label={t('subscription.activeUntil')}
          value={formatDate(user.company.dueDate)}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'subscription-active-until' } }}
        />
        <Box>
          <Button
            variant="contained"
            disabled={!open}
            onClick={() => setPaying(open ?? null)}
            data-testid="subscription-sign-now"
          >
            {t('subscription.signNow')}
          </Button>
          {!invoices.isPending && !open && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('subscription.noOpenInvoice')}
            </Typography>
          )}
        </Box>
      </Paper>
      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </Box>
  );
}
