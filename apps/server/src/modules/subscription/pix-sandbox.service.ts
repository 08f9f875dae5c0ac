import { randomBytes } from 'node:crypto';
import type { PaySandboxChargeInput } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { twoDecimals } from './pix/pix-provider';

const NOTIFY_TIMEOUT_MS = 10_000;

export interface SandboxPayment {
  txid: string;
  status: 'CONCLUIDA';
  valor: string;
  /** Whether our webhook accepted the notification (a bank would retry; the sandbox only reports it). */
  notified: boolean;
}

/** Bacen end-to-end id: E + 8-digit ISPB + yyyyMMddHHmm + 11 characters. */
function endToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E00000000${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

/**
 * The sandbox's pay action (`POST /pix-sandbox/charges/:txid/pay`): an admin of the charge's company, or a super
 * user, pays an active charge (by default its own amount; another `valor` simulates a wrong payment); then the
 * sandbox notifies our webhook exactly as a bank would, and the webhook reads the charge back.
 */
export async function paySandboxCharge(
  ctx: AppContext,
  actor: Actor,
  txid: string,
  input: PaySandboxChargeInput,
): Promise<SandboxPayment> {
  const paidAt = new Date();
  const paid = await ctx.scopes.asSystem(async (tx) => {
    const charge = await tx.db
      .selectFrom('pixSandboxCharges')
      .where('txid', '=', txid)
      .selectAll()
      .forUpdate()
      .executeTakeFirst();
    // Another company's charge does not exist for the caller.
    if (!charge || (!actor.isSuper && charge.companyId !== actor.companyId)) throw AppError.notFound();
    if (!isAdmin(actor)) throw AppError.forbidden();
    if (charge.status !== 'ATIVA' || charge.expiresAt.getTime() < paidAt.getTime()) {
      throw new AppError('ERR_PIX_CHARGE_NOT_ACTIVE', 'The charge is paid or expired');
    }
    const valor = input.valor ?? twoDecimals(Number(charge.amount));
    const e2e = endToEndId(paidAt);
    await tx.db
      .updateTable('pixSandboxCharges')
      .set({ status: 'CONCLUIDA', paidValue: Number(valor), paidAt, endToEndId: e2e })
      .where('id', '=', charge.id)
      .execute();
    return { valor, endToEndId: e2e };
  });
  const notified = await notifyWebhook(ctx, {
    pix: [
      {
        endToEndId: paid.endToEndId,
        txid,
        chave: ctx.config.pix.key,
        valor: paid.valor,
        horario: paidAt.toISOString(),
      },
    ],
  });
  return { txid, status: 'CONCLUIDA', valor: paid.valor, notified };
}

/** The address registered for the Pix key, else our own webhook, as `/subscription/create/webhook` would set. */
async function webhookUrl(ctx: AppContext): Promise<string> {
  const key = ctx.config.pix.key ?? '';
  const registered = await ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('pixSandboxWebhooks').where('pixKey', '=', key).select('url').executeTakeFirst(),
  );
  // Efí appends /pix to the registered address; so does the sandbox.
  return registered
    ? `${registered.url.replace(/\/+$/, '')}/pix`
    : `${ctx.config.backendUrl}/subscription/webhook/pix`;
}

async function notifyWebhook(ctx: AppContext, body: object): Promise<boolean> {
  const url = await webhookUrl(ctx);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    if (!response.ok) ctx.log.warn({ url, status: response.status }, 'sandbox Pix webhook refused');
    return response.ok;
  } catch (err) {
    ctx.log.warn({ err, url }, 'sandbox Pix webhook unreachable');
    return false;
  }
}
