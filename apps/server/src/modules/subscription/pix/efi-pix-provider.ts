import { pixChargeStatuses, type PixChargeStatus } from '@zapdesk/contracts';
import type { EfiClient } from './efi-client';
import {
  newTxid,
  PixProviderError,
  twoDecimals,
  type IssuedPixCharge,
  type NewPixCharge,
  type PixChargeState,
  type PixProvider,
} from './pix-provider';

interface EfiCharge {
  txid?: unknown;
  status?: unknown;
  calendario?: { criacao?: unknown; expiracao?: unknown };
  valor?: { original?: unknown };
  chave?: unknown;
  solicitacaoPagador?: unknown;
  loc?: { id?: unknown };
  pixCopiaECola?: unknown;
  pix?: Array<{ endToEndId?: unknown; valor?: unknown; horario?: unknown }>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function statusOf(value: unknown): PixChargeStatus {
  const status = pixChargeStatuses.find((s) => s === value);
  if (!status) throw new PixProviderError(`Efí answered an unknown charge status ${String(value)}`);
  return status;
}

function expectStatus(answer: { status: number; body: unknown }, expected: number[], what: string): void {
  if (!expected.includes(answer.status)) {
    const detail = typeof answer.body === 'object' && answer.body ? JSON.stringify(answer.body) : '';
    throw new PixProviderError(`Efí refused ${what} (${answer.status}) ${detail}`.trim(), answer.status);
  }
}

/** Efí Bank's Pix API (Bacen `cob`, `loc`, `webhook`) through plain HTTPS with the client certificate. */
export class EfiPixProvider implements PixProvider {
  readonly name = 'efi';

  constructor(
    private readonly client: EfiClient,
    private readonly pixKey: string | undefined,
  ) {}

  async createCharge(charge: NewPixCharge): Promise<IssuedPixCharge> {
    if (!this.pixKey) throw new PixProviderError('PIX_KEY is not configured');
    // PUT with our own txid: a retried request cannot create a second charge.
    const txid = newTxid(32);
    const created = await this.client.request('PUT', `/v2/cob/${txid}`, {
      calendario: { expiracao: charge.expiresInSeconds },
      valor: { original: twoDecimals(charge.amount) },
      chave: this.pixKey,
      solicitacaoPagador: charge.payerText,
    });
    expectStatus(created, [200, 201], 'the charge');
    const cob = created.body as EfiCharge;
    const locId = cob.loc?.id;
    if (typeof locId !== 'number' && typeof locId !== 'string') {
      throw new PixProviderError('Efí answered a charge without location');
    }
    const qr = await this.client.request('GET', `/v2/loc/${encodeURIComponent(String(locId))}/qrcode`);
    expectStatus(qr, [200], 'the QR code');
    const qrBody = qr.body as { qrcode?: unknown; imagemQrcode?: unknown };
    return {
      txid: text(cob.txid) || txid,
      status: statusOf(cob.status),
      createdAt: text(cob.calendario?.criacao) || new Date().toISOString(),
      expiresInSeconds:
        typeof cob.calendario?.expiracao === 'number' ? cob.calendario.expiracao : charge.expiresInSeconds,
      amount: text(cob.valor?.original) || twoDecimals(charge.amount),
      pixKey: text(cob.chave) || this.pixKey,
      payerText: text(cob.solicitacaoPagador) || charge.payerText,
      brCode: text(qrBody.qrcode) || text(cob.pixCopiaECola),
      qrImage: text(qrBody.imagemQrcode),
    };
  }

  async getCharge(txid: string): Promise<PixChargeState | null> {
    const answer = await this.client.request('GET', `/v2/cob/${encodeURIComponent(txid)}`);
    if (answer.status === 404) return null;
    expectStatus(answer, [200], 'the charge lookup');
    const cob = answer.body as EfiCharge;
    return {
      txid: text(cob.txid) || txid,
      status: statusOf(cob.status),
      amount: text(cob.valor?.original),
      payments: (cob.pix ?? []).map((pix) => ({
        endToEndId: text(pix.endToEndId),
        value: text(pix.valor),
        paidAt: text(pix.horario),
      })),
    };
  }

  async registerWebhook(pixKey: string, url: string): Promise<void> {
    // Our webhook cannot check Efí's client certificate, and needs not: it reads every charge back from Efí.
    const answer = await this.client.request(
      'PUT',
      `/v2/webhook/${encodeURIComponent(pixKey)}`,
      { webhookUrl: url },
      { 'x-skip-mtls-checking': 'true' },
    );
    expectStatus(answer, [200, 201, 204], 'the webhook');
  }
}
