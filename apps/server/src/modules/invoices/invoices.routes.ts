import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { listCompanyInvoices, listInvoices, showInvoice, updateInvoice } from './invoices.service';

/** Invoices (spec 1 sections 2 and 7, server-behaviour 17.1). */
export function registerInvoicesRoutes(ctx: AppContext): void {
  ctx.bind(routes.invoices.listAll, ({ scope, query }) => listCompanyInvoices(scope, query));
  ctx.bind(routes.invoices.list, ({ query }) => listInvoices(ctx, query));
  ctx.bind(routes.invoices.get, ({ actor, params }) => showInvoice(ctx, actor, params.id));
  ctx.bind(routes.invoices.update, ({ params, body }) => updateInvoice(ctx, params.id, body));
}
