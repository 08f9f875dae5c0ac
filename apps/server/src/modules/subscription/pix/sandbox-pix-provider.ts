import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';
import type { PixChargeStatus } from '@zapdesk/contracts';
import type { Scopes } from '../../../platform/tenancy';
import {
  newTxid,
  PixProviderError,
  twoDecimals,
  type IssuedPixCharge,
  type NewPixCharge,
  type PixChargeState,
  type PixProvider,
} from './pix-provider';

export interface SandboxPixOptions {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * The QR image of a BR Code, as a data URL: 4 px per module (about 250 px). A fixed width makes the encoder scale
 * every pixel and costs six times as much CPU per checkout.
 */
export const qrImageOf = (brCode: string): Promise<string> =>
  QRCode.toDataURL(brCode, { errorCorrectionLevel: 'M', margin: 2, scale: 4 });

/**
 * The built-in fake bank (like the WhatsApp simulator): charges are rows with a valid static BR Code (pix-utils)
 * carrying the txid and amount; they are paid through the sandbox's pay action (`pix-sandbox.service.ts`).
 */
export class SandboxPixProvider implements PixProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly scopes: Scopes,
    private readonly options: SandboxPixOptions,
  ) {}

  async createCharge(charge: NewPixCharge): Promise<IssuedPixCharge> {
    // 25 characters: the most a static BR Code's reference label holds.
    const txid = newTxid(25);
    const pix = createStaticPix({
      merchantName: this.options.merchantName,
      merchantCity: this.options.merchantCity,
      pixKey: this.options.pixKey,
      txid,
      infoAdicional: charge.payerText,
      transactionAmount: Number(twoDecimals(charge.amount)),
    });
    if (hasError(pix)) throw new PixProviderError(`BR Code refused: ${pix.message}`);
    const brCode = pix.toBRCode();
    const row = await this.scopes.tenant(charge.companyId).run((tx) =>
      tx
        .insertInto('pixSandboxCharges')
        .values({
          companyId: tx.companyId,
          txid,
          amount: charge.amount,
          payerText: charge.payerText,
          brCode,
          expiresAt: new Date(Date.now() + charge.expiresInSeconds * 1000),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return {
      txid,
      status: 'ATIVA',
      createdAt: row.createdAt.toISOString(),
      expiresInSeconds: charge.expiresInSeconds,
      amount: twoDecimals(charge.amount),
      pixKey: this.options.pixKey,
      payerText: charge.payerText,
      brCode,
      qrImage: await qrImageOf(brCode),
    };
  }

  async getCharge(txid: string): Promise<PixChargeState | null> {
    const row = await this.scopes.asSystem((tx) =>
      tx.db.selectFrom('pixSandboxCharges').where('txid', '=', txid).selectAll().executeTakeFirst(),
    );
    if (!row) return null;
    const status: PixChargeStatus = row.status === 'CONCLUIDA' ? 'CONCLUIDA' : 'ATIVA';
    return {
      txid: row.txid,
      status,
      amount: twoDecimals(Number(row.amount)),
      payments:
        row.status === 'CONCLUIDA' && row.paidAt && row.paidValue !== null
          ? [
              {
                endToEndId: row.endToEndId ?? '',
                value: twoDecimals(Number(row.paidValue)),
                paidAt: row.paidAt.toISOString(),
              },
            ]
          : [],
    };
  }

  async registerWebhook(pixKey: string, url: string): Promise<void> {
    await this.scopes.asSystem((tx) =>
      tx.db
        .insertInto('pixSandboxWebhooks')
        .values({ pixKey, url })
        .onConflict((oc) => oc.column('pixKey').doUpdateSet({ url, updatedAt: new Date() }))
        .execute(),
    );
  }
}
