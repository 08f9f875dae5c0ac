import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { companyEvent, recurrences, type Recurrence } from '@zapdesk/contracts';
import { addMonths } from '../../platform/time/local-time';
import { billingState, buildInvoice, localDay, setBillingTerms } from '../../../test/billing-fixtures';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../../test/harness';
import { connectSocket } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
let superToken: string;

beforeAll(async () => {
  const port = await freePort();
  // The sandbox notifies the webhook over HTTP at BACKEND_URL, as a bank would; a Pix key of this file's own keeps
  // the webhook address registered below away from other files' servers.
  server = await startTestServer({
    PORT: String(port),
    BACKEND_URL: `http://127.0.0.1:${port}`,
    PIX_KEY: `subscription-test-${port}@zapdesk.local`,
  });
  baseUrl = await server.listen();
  const home = await buildCompany(server);
  superToken = (await login(server, await buildUser(server, home, { super: true }))).token;
});
afterAll(() => server.close());

/** A company with its admin and one open invoice due on `dueDate`. */
async function companyWithInvoice(dueDays: number, value = 49) {
  const session = await buildAdminSession(server, { dueDate: localDay(server, dueDays) });
  const invoice = await buildInvoice(server, session.company, { value, dueDate: localDay(server, dueDays) });
  return { ...session, invoice };
}

const checkout = (token: string, body: object) => server.call('POST', '/subscription', { token, body });
const pay = (token: string, txid: string, body: object = {}) =>
  server.call('POST', `/pix-sandbox/charges/${txid}/pay`, { token, body });
const notify = (txid: string) =>
  server.call('POST', '/subscription/webhook/pix', {
    body: { pix: [{ txid, endToEndId: 'E123', valor: '999.00', horario: new Date().toISOString() }] },
  });

describe('POST /subscription', () => {
  it("charges the invoice's stored value whatever price, plan or users the client sends", async () => {
    const { token, invoice, company } = await companyWithInvoice(3, 49);
    const { status, body } = await checkout(token, {
      invoiceId: invoice.id,
      price: 1,
      users: 999,
      connections: 999,
      plan: JSON.stringify({ title: 'Cheap', price: 1 }),
      firstName: 'Ana',
      cardNumber: '4111111111111111',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      valor: { original: '49.00' },
      status: 'ATIVA',
      solicitacaoPagador: `#Fatura:${invoice.id}`,
      calendario: { expiracao: 3600 },
      provider: 'sandbox',
    });
    expect(body.txid).toMatch(/^[A-Za-z0-9]{25,35}$/);
    expect(body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    const parsed = parsePix(body.qrcode.qrcode);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error('not a valid static BR Code');
    expect(parsed.transactionAmount).toBe(49);
    expect(parsed.txid).toBe(body.txid);
    const { invoices } = await billingState(server, company.id);
    expect(invoices[0]?.txid).toBe(body.txid);
  });

  it('answers every one of many checkouts of one invoice at once, each with its own charge', async () => {
    const { token, invoice, company } = await companyWithInvoice(3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkout(token, { invoiceId: invoice.id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const charges = await server.ctx.scopes
      .tenant(company.id)
      .run((tx) => tx.selectFrom('invoicePixCharges').select('txid').execute());
    expect(new Set(charges.map((c) => c.txid))).toEqual(new Set(answers.map((a) => a.body.txid)));
  });

  it('refuses a paid invoice, a user who is not admin, and answers 400 without an invoice id', async () => {
    const { token, company } = await companyWithInvoice(3);
    const paid = await buildInvoice(server, company, { dueDate: localDay(server, -30), status: 'paid' });
    const refused = await checkout(token, { invoiceId: paid.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_INVOICE_NOT_OPEN');
    const agent = await login(server, await buildUser(server, company, { profile: 'user' }));
    expect((await checkout(agent.token, { invoiceId: paid.id })).status).toBe(403);
    const missing = await checkout(token, { price: 10 });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('invoiceId');
  });
});

describe('payment webhook', () => {
  it('answers the test event', async () => {
    const { status, body } = await server.call('POST', '/subscription/webhook', {
      body: { evento: 'teste_webhook' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  it('extends the due date by one month, unblocks, and emits the payment event once, replays included', async () => {
    const { token, invoice, company } = await companyWithInvoice(2);
    const socket = await connectSocket(baseUrl, token);
    try {
      const charge = await checkout(token, { invoiceId: invoice.id });
      const paid = await pay(token, charge.body.txid);
      expect(paid.body).toMatchObject({ status: 'CONCLUIDA', notified: true });
      const event = (await socket.waitFor(companyEvent(company.id, 'payment'))) as {
        action: string;
        company: { id: number; dueDate: string };
      };
      const extended = addMonths(localDay(server, 2), 1);
      expect(event).toMatchObject({ action: 'CONCLUIDA', company: { id: company.id, dueDate: extended } });
      // The provider notifies again (a retry): nothing moves a second time.
      expect((await notify(charge.body.txid)).status).toBe(200);
      expect((await notify(charge.body.txid)).status).toBe(200);
      const state = await billingState(server, company.id);
      expect(state.company.dueDate).toBe(extended);
      expect(state.invoices[0]).toMatchObject({ status: 'paid', paidValue: 49 });
      expect(socket.received(companyEvent(company.id, 'payment'))).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('counts from today for an expired company, which gets its routes back', async () => {
    const { token, invoice, company } = await companyWithInvoice(-10);
    expect((await server.call('GET', '/tags', { token })).status).toBe(403);
    const charge = await checkout(token, { invoiceId: invoice.id });
    expect(charge.status).toBe(200);
    expect((await pay(token, charge.body.txid)).status).toBe(200);
    expect((await billingState(server, company.id)).company.dueDate).toBe(addMonths(localDay(server), 1));
    expect((await server.call('GET', '/tags', { token })).status).toBe(200);
  });

  it('resumes an inactive company on payment', async () => {
    const { token, invoice, company } = await companyWithInvoice(1);
    const charge = await checkout(token, { invoiceId: invoice.id });
    await setBillingTerms(server, company, { status: false });
    expect((await pay(superToken, charge.body.txid)).status).toBe(200);
    expect((await billingState(server, company.id)).company.status).toBe(true);
  });

  it.each(recurrences.map((r) => [r]))(
    'extends a %s company by exactly its recurrence',
    async (recurrence) => {
      const { token, invoice, company } = await companyWithInvoice(4);
      await setBillingTerms(server, company, { recurrence: recurrence as Recurrence });
      const charge = await checkout(token, { invoiceId: invoice.id });
      await pay(token, charge.body.txid);
      const months = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 }[
        recurrence as Recurrence
      ];
      expect((await billingState(server, company.id)).company.dueDate).toBe(
        addMonths(localDay(server, 4), months),
      );
    },
  );

  it('changes nothing for an unknown txid, an unpaid charge or a lower amount', async () => {
    const { token, invoice, company } = await companyWithInvoice(2);
    const before = await billingState(server, company.id);
    expect((await notify('UnknownTxid0000000000000000000')).status).toBe(200);
    const charge = await checkout(token, { invoiceId: invoice.id });
    // Notified while the charge is still ATIVA: the provider says it is not paid.
    expect((await notify(charge.body.txid)).status).toBe(200);
    const under = await pay(token, charge.body.txid, { valor: '48.99' });
    expect(under.body).toMatchObject({ status: 'CONCLUIDA', notified: true });
    const after = await billingState(server, company.id);
    expect(after.company.dueDate).toBe(before.company.dueDate);
    expect(after.invoices).toMatchObject([{ status: 'open', paidAt: null }]);
  });

  it('settles through an earlier charge of the same invoice', async () => {
    const { token, invoice, company } = await companyWithInvoice(2);
    const first = await checkout(token, { invoiceId: invoice.id });
    await checkout(token, { invoiceId: invoice.id });
    expect((await pay(token, first.body.txid)).status).toBe(200);
    expect((await billingState(server, company.id)).invoices[0]?.status).toBe('paid');
  });
});

describe('sandbox pay action', () => {
  it("answers 404 to another company's admin, 403 to a user, and refuses a second payment", async () => {
    const { token, invoice, company } = await companyWithInvoice(2);
    const charge = await checkout(token, { invoiceId: invoice.id });
    const stranger = await buildAdminSession(server);
    expect((await pay(stranger.token, charge.body.txid)).status).toBe(404);
    const agent = await login(server, await buildUser(server, company, { profile: 'user' }));
    expect((await pay(agent.token, charge.body.txid)).status).toBe(403);
    expect((await billingState(server, company.id)).invoices[0]?.status).toBe('open');
    expect((await pay(token, charge.body.txid)).status).toBe(200);
    const again = await pay(token, charge.body.txid);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_PIX_CHARGE_NOT_ACTIVE');
  });

  it('notifies the address the super user registered', async () => {
    const chave = server.ctx.config.pix.key ?? '';
    const registered = await server.call('POST', '/subscription/create/webhook', {
      token: superToken,
      body: { chave, url: `${baseUrl.replace('localhost', '127.0.0.1')}/subscription/webhook` },
    });
    expect(registered.status).toBe(200);
    const { token, invoice, company } = await companyWithInvoice(2);
    const charge = await checkout(token, { invoiceId: invoice.id });
    expect((await pay(token, charge.body.txid)).body.notified).toBe(true);
    expect((await billingState(server, company.id)).invoices[0]?.status).toBe('paid');
    const { status } = await server.call('POST', '/subscription/create/webhook', {
      token: (await buildAdminSession(server)).token,
      body: { chave, url: 'http://example.com/hook' },
    });
    expect(status).toBe(403);
  });
});
