import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pageSizes, type InvoiceView } from '@zapdesk/contracts';
import { ScrollList } from '../../../components/list/ScrollList';
import { useCompanyInvoices } from '../api';
import { CheckoutDialog } from '../components/CheckoutDialog';
import { InvoicesTable } from '../components/InvoicesTable';
import { useCan } from '../../auth/can';

/**
 * /financeiro: the company's invoices, revealed a page at a time as the list scrolls (the server answers them
 * all), each open or expired one with its pay button.
 */
export function FinanceiroPage() {
  const { t } = useTranslation('invoices');
  const canPay = useCan('invoices.pay');
  const invoices = useCompanyInvoices();
  const [shown, setShown] = useState<number>(pageSizes.default);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const all = invoices.data ?? [];

  return (
    <Box
      sx={{
        p: { xs: 2, sm: 3 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        boxSizing: 'border-box',
      }}
    >
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <ScrollList
        onNearBottom={() => setShown((count) => (count < all.length ? count + pageSizes.default : count))}
        loading={invoices.isPending}
        testId="invoice-list"
      >
        {!invoices.isPending && all.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        ) : (
          <InvoicesTable invoices={all.slice(0, shown)} canPay={canPay} onPay={setPaying} />
        )}
      </ScrollList>
      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </Box>
  );
}
