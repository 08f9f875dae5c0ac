import type { CreatePixWebhookInput, PixWebhookBody } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { lockInvoice, settleInvoice, type PaymentOutcome } from '../invoices';
import { providerFailure } from './checkout.service';
import { invoiceIdOfCharge } from './pix-charges.repository';
import { paidTotal, type PixProvider } from './pix/pix-provider';

export type ChargeOutcome = PaymentOutcome | 'unknown-charge' | 'not-concluded' | 'unknown-invoice';

/**
 * One notified charge: read again from the provider (a notification alone is never trusted), acted on only when
 * CONCLUIDA, then settled in one transaction with its invoice locked (server-behaviour 17.3).
 */
async function handleCharge(ctx: AppContext, pix: PixProvider, txid: string): Promise<ChargeOutcome> {
  const state = await pix.getCharge(txid);
  if (!state) return 'unknown-charge';
  if (state.status !== 'CONCLUIDA') return 'not-concluded';
  const lastPayment = state.payments.at(-1);
  const paidAt = lastPayment?.paidAt ? new Date(lastPayment.paidAt) : new Date();
  return ctx.scopes.asSystem(async (tx) => {
    const invoiceId = await invoiceIdOfCharge(tx, txid);
    const invoice = invoiceId === undefined ? undefined : await lockInvoice(tx, invoiceId);
    if (!invoice) return 'unknown-invoice';
    return settleInvoice(ctx, tx, invoice, {
      paidValue: paidTotal(state),
      paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
    });
  });
}

/**
 * `POST /subscription/webhook/:type?`: the test event answers ok; each charge of `pix[]` is handled on its own.
 * A provider failure answers 400 so the provider notifies again; charges already settled stay settled.
 */
export async function receivePixNotification(
  ctx: AppContext,
  pix: PixProvider,
  body: PixWebhookBody,
): Promise<{ ok: true }> {
  if (body.evento === 'teste_webhook') return { ok: true };
  const txids = [...new Set((body.pix ?? []).map((p) => p.txid).filter((t): t is string => Boolean(t)))];
  for (const txid of txids) {
    const outcome = await handleCharge(ctx, pix, txid).catch((error: unknown) =>
      providerFailure(ctx, error, 'charge lookup'),
    );
    if (outcome !== 'settled') ctx.log.info({ txid, outcome }, 'Pix notification changed nothing');
  }
  return { ok: true };
}

/** `POST /subscription/create/webhook` (super user): points the Pix key's notifications at `url`. */
export async function registerPixWebhook(
  ctx: AppContext,
  pix: PixProvider,
  input: CreatePixWebhookInput,
): Promise<{ chave: string; webhookUrl: string }> {
  if (!/^https?:\/\//.test(input.url)) throw AppError.validation({ url: 'Invalid value' });
  await pix
    .registerWebhook(input.chave, input.url)
    .catch((error: unknown) => providerFailure(ctx, error, 'webhook'));
  return { chave: input.chave, webhookUrl: input.url };
}
