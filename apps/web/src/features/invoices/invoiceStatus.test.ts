import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '@zapdesk/contracts';
import { formatMoney, invoiceState, nextOpenInvoice } from './invoiceStatus';

const today = new Date(2026, 10, 27);
const invoice = (id: number, status: 'open' | 'paid', dueDate: string) =>
  ({ id, status, dueDate }) as InvoiceView;

describe('invoiceState', () => {
  it('derives expired for an open invoice due before today, and keeps paid and open', () => {
    expect(invoiceState({ status: 'open', dueDate: '2026-11-26' }, today)).toBe('expired');
    expect(invoiceState({ status: 'open', dueDate: '2026-11-27' }, today)).toBe('open');
    expect(invoiceState({ status: 'paid', dueDate: '2020-01-01' }, today)).toBe('paid');
  });
});

describe('nextOpenInvoice', () => {
  it('picks the open invoice due first', () => {
    const list = [
      invoice(3, 'open', '2026-12-30'),
      invoice(2, 'paid', '2026-10-01'),
      invoice(1, 'open', '2026-11-30'),
    ];
    expect(nextOpenInvoice(list)?.id).toBe(1);
    expect(nextOpenInvoice([invoice(2, 'paid', '2026-10-01')])).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it('shows BRL', () => {
    expect(formatMoney(49).replace(/\s/g, ' ')).toBe('R$ 49,00');
  });
});
