import type { CheckoutInput, PixChargeView } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { getInvoice } from '../invoices';
import { recordInvoiceCharge } from './pix-charges.repository';
import { PixProviderError, type IssuedPixCharge, type PixProvider } from './pix/pix-provider';

/** Immediate charges live one hour (server-behaviour 17.2). */
export const CHARGE_EXPIRY_SECONDS = 3600;

/** The provider's failure as a 400 the client shows; anything else stays a 500. */
export function providerFailure(ctx: AppContext, error: unknown, what: string): never {
  if (error instanceof PixProviderError) {
    ctx.log.warn({ err: error }, `Pix provider failed: ${what}`);
    throw new AppError('ERR_PIX_PROVIDER', error.message);
  }
  throw error;
}

function presentCharge(provider: PixProvider, charge: IssuedPixCharge): PixChargeView {
  return {
    txid: charge.txid,
    status: charge.status,
    calendario: { criacao: charge.createdAt, expiracao: charge.expiresInSeconds },
    valor: { original: charge.amount },
    chave: charge.pixKey,
    solicitacaoPagador: charge.payerText,
    qrcode: { qrcode: charge.brCode, imagemQrcode: charge.qrImage },
    provider: provider.name,
  };
}

/**
 * `POST /subscription` (server-behaviour 17.2): a Pix charge for one of the company's open invoices. The amount
 * is the invoice's stored value; whatever plan, price, users or connections the client sends is ignored.
 */
export async function checkout(
  ctx: AppContext,
  pix: PixProvider,
  actor: Actor,
  input: CheckoutInput,
): Promise<PixChargeView> {
  const scope = ctx.scopes.tenant(actor.companyId);
  const invoice = await scope.run((tx) => getInvoice(tx, input.invoiceId));
  if (invoice.status !== 'open') throw new AppError('ERR_INVOICE_NOT_OPEN', 'The invoice is not open');
  const amount = Number(invoice.value);
  // Outside any transaction: the provider may take seconds, and a row lock would wait with it.
  const charge = await pix
    .createCharge({
      companyId: actor.companyId,
      amount,
      payerText: `#Fatura:${invoice.id}`,
      expiresInSeconds: CHARGE_EXPIRY_SECONDS,
    })
    .catch((error: unknown) => providerFailure(ctx, error, 'charge'));
  await scope.run((tx) =>
    recordInvoiceCharge(tx, { invoiceId: invoice.id, txid: charge.txid, provider: pix.name, amount }),
  );
  return presentCharge(pix, charge);
}
