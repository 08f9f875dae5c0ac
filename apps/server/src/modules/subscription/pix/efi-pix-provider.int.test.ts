import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../../platform/time/local-time';
import { billingState, buildInvoice, localDay } from '../../../../test/billing-fixtures';
import { buildAdminSession } from '../../../../test/factories';
import { FakeEfiServer, generateEfiCertificates } from '../../../../test/fake-efi-server';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { EfiClient, type EfiCredentials } from './efi-client';
import { EfiPixProvider } from './efi-pix-provider';
import { PixProviderError } from './pix-provider';

let efi: FakeEfiServer;
let credentials: EfiCredentials;
const PIX_KEY = 'efi-test@zapdesk.local';

beforeAll(async () => {
  const certificates = await generateEfiCertificates();
  efi = new FakeEfiServer(certificates);
  credentials = {
    baseUrl: await efi.start(),
    clientId: efi.credentials.clientId,
    clientSecret: efi.credentials.clientSecret,
    certificate: certificates.clientCertificateFile,
    caFile: certificates.serverCaFile,
  };
});
afterAll(() => efi.stop());

const provider = (overrides: Partial<EfiCredentials> = {}) =>
  new EfiPixProvider(new EfiClient({ ...credentials, ...overrides }), PIX_KEY);

describe('efi adapter against a fake Efí over HTTPS', () => {
  it('takes one OAuth token with its client certificate and creates an immediate charge with its QR code', async () => {
    const pix = provider();
    const before = efi.calls.length;
    const charge = await pix.createCharge({
      companyId: 1,
      amount: 49.9,
      payerText: '#Fatura:7',
      expiresInSeconds: 3600,
    });
    await pix.getCharge(charge.txid);
    const calls = efi.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path.replace(charge.txid, ':txid')}`)).toEqual([
      'POST /oauth/token',
      'PUT /v2/cob/:txid',
      'GET /v2/loc/1/qrcode',
      'GET /v2/cob/:txid',
    ]);
    expect(calls.every((c) => c.clientCertificate === 'zapdesk-efi-client')).toBe(true);
    expect(calls[1]?.body).toEqual({
      calendario: { expiracao: 3600 },
      valor: { original: '49.90' },
      chave: PIX_KEY,
      solicitacaoPagador: '#Fatura:7',
    });
    expect(charge).toMatchObject({
      status: 'ATIVA',
      amount: '49.90',
      payerText: '#Fatura:7',
      qrImage: 'data:image/png;base64,ZmFrZQ==',
    });
    expect(charge.txid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(charge.brCode).toContain(charge.txid);
  });

  it('reads a charge back: ATIVA, then CONCLUIDA with its payment, and null when unknown', async () => {
    const pix = provider();
    const charge = await pix.createCharge({
      companyId: 1,
      amount: 30,
      payerText: '#Fatura:8',
      expiresInSeconds: 60,
    });
    expect(await pix.getCharge(charge.txid)).toMatchObject({ status: 'ATIVA', payments: [] });
    efi.pay(charge.txid);
    expect(await pix.getCharge(charge.txid)).toMatchObject({
      status: 'CONCLUIDA',
      amount: '30.00',
      payments: [{ value: '30.00' }],
    });
    expect(await pix.getCharge('A'.repeat(32))).toBeNull();
  });

  it('registers the webhook for the Pix key', async () => {
    await provider().registerWebhook(PIX_KEY, 'https://zapdesk.example.com/subscription/webhook');
    expect(efi.webhooks.get(PIX_KEY)).toBe('https://zapdesk.example.com/subscription/webhook');
  });

  it('fails as a provider error with wrong credentials or a certificate Efí does not know', async () => {
    const wrongSecret = provider({ clientSecret: 'nope' });
    await expect(wrongSecret.getCharge('A'.repeat(32))).rejects.toBeInstanceOf(PixProviderError);
    const strangerFile = credentials.certificate?.replace('client.pem', 'stranger.pem');
    const stranger = provider({ certificate: strangerFile });
    await expect(stranger.getCharge('A'.repeat(32))).rejects.toBeInstanceOf(PixProviderError);
    const unconfigured = provider({ certificate: undefined });
    await expect(unconfigured.getCharge('A'.repeat(32))).rejects.toBeInstanceOf(PixProviderError);
  });
});

describe('the server with PIX_PROVIDER=efi', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      PIX_PROVIDER: 'efi',
      PIX_KEY,
      EFI_BASE_URL: credentials.baseUrl,
      EFI_CLIENT_ID: efi.credentials.clientId,
      EFI_CLIENT_SECRET: efi.credentials.clientSecret,
      EFI_CERTIFICATE: credentials.certificate ?? '',
      EFI_CA_FILE: credentials.caFile ?? '',
    });
  });
  afterAll(() => server.close());

  it("charges through Efí and settles when Efí's notification names a concluded charge", async () => {
    const { company, token } = await buildAdminSession(server, { dueDate: localDay(server, 3) });
    const invoice = await buildInvoice(server, company, { value: 49, dueDate: localDay(server, 3) });
    const charge = await server.call('POST', '/subscription', {
      token,
      body: { invoiceId: invoice.id, price: 1 },
    });
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({ provider: 'efi', valor: { original: '49.00' } });
    expect(efi.charge(charge.body.txid)?.valor.original).toBe('49.00');
    // The sandbox's pay action does not exist with a real bank.
    expect(
      (await server.call('POST', `/pix-sandbox/charges/${charge.body.txid}/pay`, { token })).status,
    ).toBe(404);
    const notification = { pix: [{ txid: charge.body.txid, endToEndId: 'E1', valor: '49.00' }] };
    await server.call('POST', '/subscription/webhook/pix', { body: notification });
    expect((await billingState(server, company.id)).invoices[0]?.status).toBe('open');
    efi.pay(charge.body.txid);
    expect((await server.call('POST', '/subscription/webhook/pix', { body: notification })).status).toBe(200);
    const state = await billingState(server, company.id);
    expect(state.invoices[0]).toMatchObject({ status: 'paid', paidValue: 49 });
    expect(state.company.dueDate).toBe(addMonths(localDay(server, 3), 1));
  });

  it('answers 400 ERR_PIX_PROVIDER when Efí refuses', async () => {
    const { company, token } = await buildAdminSession(server);
    const invoice = await buildInvoice(server, company, { value: 0.5 });
    const before = efi.calls.length;
    // Efí down: the last test of the file stops it.
    await efi.stop();
    const refused = await server.call('POST', '/subscription', { token, body: { invoiceId: invoice.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_PIX_PROVIDER');
    expect(efi.calls.length).toBe(before);
  });
});
