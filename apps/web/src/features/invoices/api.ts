import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type InvoiceView, type PixChargeView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

export const invoiceKeys = {
  all: ['invoices'] as const,
  company: () => [...invoiceKeys.all, 'company'] as const,
};

/** GET /invoices/all: every invoice of the company, due date descending (the server does not page it). */
export function useCompanyInvoices() {
  return useQuery({
    queryKey: invoiceKeys.company(),
    queryFn: ({ signal }): Promise<InvoiceView[]> => callRoute(routes.invoices.listAll, { signal }),
  });
}

/** POST /subscription: a Pix charge for the invoice; the server charges the invoice's own value. */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: { invoiceId: number } & Record<string, unknown>): Promise<PixChargeView> =>
      callRoute(routes.subscription.checkout, { body }),
  });
}

/** The sandbox provider's pay action: the fake bank pays the charge and notifies the webhook. */
export function usePaySandboxCharge() {
  return useMutation({
    mutationFn: (txid: string) =>
      callRoute(routes.subscription.paySandboxCharge, { params: { txid }, body: {} }),
  });
}
