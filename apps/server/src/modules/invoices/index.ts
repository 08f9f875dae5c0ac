export { settleInvoice, type Payment, type PaymentOutcome } from './invoice-payment';
export { presentInvoice } from './invoices.presenter';
export { getInvoice, lockInvoice, type InvoiceRow } from './invoices.repository';
export { registerInvoicesRoutes } from './invoices.routes';
export { generateInvoices, registerInvoiceJobs, requestCompanyInvoices } from './jobs';
