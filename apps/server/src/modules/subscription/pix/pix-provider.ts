import type { PixChargeStatus } from '@zapdesk/contracts';

/** An immediate charge to create (Bacen `cob`). */
export interface NewPixCharge {
  /** The company the charge is for (the sandbox keeps it; a bank does not need it). */
  companyId: number;
  /** BRL, two decimals. */
  amount: number;
  /** `solicitacaoPagador`, shown to the payer: `#Fatura:{invoiceId}`. */
  payerText: string;
  expiresInSeconds: number;
}

/** A charge as issued, with what the payer scans or pastes. */
export interface IssuedPixCharge {
  txid: string;
  status: PixChargeStatus;
  createdAt: string;
  expiresInSeconds: number;
  /** "30.00" */
  amount: string;
  pixKey: string;
  payerText: string;
  /** The BR Code (copy and paste). */
  brCode: string;
  /** data:image/png;base64 QR code of the BR Code. */
  qrImage: string;
}

/** A charge read back from the provider: the only source the payment webhook trusts. */
export interface PixChargeState {
  txid: string;
  status: PixChargeStatus;
  /** The charged amount, "30.00". */
  amount: string;
  /** The payments received for it (Bacen `pix[]`). */
  payments: Array<{ endToEndId: string; value: string; paidAt: string }>;
}

/**
 * The port to a Pix provider (server-behaviour 17.2). Adapters: `sandbox` (built-in fake bank) and `efi` (Efí
 * Bank's API). Failures throw PixProviderError.
 */
export interface PixProvider {
  readonly name: 'sandbox' | 'efi';
  createCharge(charge: NewPixCharge): Promise<IssuedPixCharge>;
  /** The charge as the provider knows it; null when it does not exist. */
  getCharge(txid: string): Promise<PixChargeState | null>;
  /** Points the Pix key's payment notifications at `url`. */
  registerWebhook(pixKey: string, url: string): Promise<void>;
}

export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PixProviderError';
  }
}

/**
 * A random txid of letters and digits. Bacen's immediate charges take 26 to 35 (Efí: 32); a static BR Code carries
 * at most 25 (the sandbox's).
 */
export function newTxid(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** "30.00" from 30. */
export const twoDecimals = (amount: number): string => (Math.round(amount * 100) / 100).toFixed(2);

/** The amount the payments add up to, in BRL. */
export const paidTotal = (state: PixChargeState): number =>
  state.payments.reduce((sum, payment) => sum + Math.round(Number(payment.value) * 100), 0) / 100;
