import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { InvoiceView } from '@zapdesk/contracts';
import { formatDate } from '../../../lib/dates';
import { formatMoney, invoiceState, type InvoiceState } from '../invoiceStatus';

const chipColour: Record<InvoiceState, 'success' | 'warning' | 'error'> = {
  paid: 'success',
  open: 'warning',
  expired: 'error',
};

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } };

/** Invoices with their derived status; open and expired ones offer the checkout to those allowed to pay. */
export function InvoicesTable({
  invoices,
  canPay,
  onPay,
}: {
  invoices: readonly InvoiceView[];
  canPay: boolean;
  onPay: (invoice: InvoiceView) => void;
}) {
  const { t } = useTranslation('invoices');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...wideOnly, width: 64 }}>{t('table.id')}</TableCell>
          <TableCell>{t('table.detail')}</TableCell>
          <TableCell sx={{ width: { xs: 90, sm: 120 } }}>{t('table.value')}</TableCell>
          <TableCell sx={{ ...wideOnly, width: 110 }}>{t('table.dueDate')}</TableCell>
          <TableCell sx={{ width: { xs: 84, sm: 110 } }}>{t('table.status')}</TableCell>
          <TableCell align="right" sx={{ width: { xs: 76, sm: 100 } }}>
            {t('table.action')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => {
          const state = invoiceState(invoice);
          return (
            <TableRow
              key={invoice.id}
              hover
              data-testid="invoice-row"
              data-invoice-id={invoice.id}
              data-state={state}
            >
              <TableCell sx={wideOnly}>{invoice.id}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{invoice.detail}</TableCell>
              <TableCell>{formatMoney(invoice.value)}</TableCell>
              <TableCell sx={wideOnly}>{formatDate(invoice.dueDate)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={chipColour[state]}
                  label={t(`status.${state}`)}
                  data-testid="invoice-status"
                />
              </TableCell>
              <TableCell align="right" sx={{ px: 0.5 }}>
                {state !== 'paid' && canPay && (
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => onPay(invoice)}
                    data-testid="invoice-pay"
                  >
                    {t('pay')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
