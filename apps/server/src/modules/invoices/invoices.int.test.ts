import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { billingState, buildInvoice, localDay, setBillingTerms } from '../../../test/billing-fixtures';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/messaging-fixtures';
import { generateInvoices } from './jobs';

let server: TestServer;
let otherNode: TestServer;
let superToken: string;

beforeAll(async () => {
  [server, otherNode] = await Promise.all([startTestServer(), startTestServer()]);
  const home = await buildCompany(server);
  superToken = (await login(server, await buildUser(server, home, { super: true }))).token;
});
afterAll(async () => {
  await Promise.all([server.close(), otherNode.close()]);
});

describe('invoice job', () => {
  it('issues one invoice of plan value × recurrence months for a due date less than 20 days ahead', async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, 19) });
    await setBillingTerms(server, company, { recurrence: 'TRIMESTRAL', planValue: 49.9 });
    await generateInvoices(server.ctx);
    const { invoices } = await billingState(server, company.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ value: 149.7, dueDate: localDay(server, 19), status: 'open' });
    expect(invoices[0]?.detail).toMatch(/^Plan-/);
  });

  it('is idempotent by (company, dueDate) across repeated runs and two nodes at once', async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, 3) });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const node = i % 2 === 0 ? server : otherNode;
        return i < 3 ? generateInvoices(node.ctx) : generateInvoices(node.ctx, company.id);
      }),
    );
    await generateInvoices(otherNode.ctx, company.id);
    const { invoices } = await billingState(server, company.id);
    expect(invoices.map((i) => i.dueDate)).toEqual([localDay(server, 3)]);
  });

  it('issues nothing 20 or more days ahead, without a due date, or for an inactive company', async () => {
    const later = await buildCompany(server, { dueDate: localDay(server, 20) });
    const undated = await buildCompany(server, { dueDate: null });
    const inactive = await buildCompany(server, { dueDate: localDay(server, 2), status: false });
    await generateInvoices(server.ctx);
    for (const company of [later, undated, inactive]) {
      expect((await billingState(server, company.id)).invoices).toEqual([]);
    }
  });

  it('issues the invoice of an expired company, so it can pay', async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, -4) });
    await generateInvoices(server.ctx, company.id);
    expect((await billingState(server, company.id)).invoices).toMatchObject([
      { dueDate: localDay(server, -4) },
    ]);
  });

  it('updates an open invoice not charged yet when the plan changes, and leaves a charged one alone', async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, 6) });
    await generateInvoices(server.ctx, company.id);
    await setBillingTerms(server, company, { planValue: 80 });
    await generateInvoices(server.ctx, company.id);
    expect((await billingState(server, company.id)).invoices).toMatchObject([{ value: 80 }]);
    await server.ctx.scopes.asSystem((tx) =>
      tx.db
        .updateTable('invoices')
        .set({ txid: `tx${company.id}abcdefghijklmnopqrstuvwx` })
        .where('companyId', '=', company.id)
        .execute(),
    );
    await setBillingTerms(server, company, { planValue: 95 });
    await generateInvoices(server.ctx, company.id);
    expect((await billingState(server, company.id)).invoices).toMatchObject([{ value: 80 }]);
  });

  it('runs at boot: a server starting issues the invoices missing meanwhile', async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, 8) });
    const booted = await startTestServer();
    try {
      await eventually(async () => (await billingState(server, company.id)).invoices.length === 1, 15_000);
    } finally {
      await booted.close();
    }
  });

  it('issues the trial invoice right after sign-up', async () => {
    const plan = await server.ctx.scopes.asSystem((tx) =>
      tx.db
        .insertInto('plans')
        .values({ name: `Signup plan ${Date.now()}`, value: 30 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const email = `signup-${Date.now()}@example.com`;
    const { status, body } = await server.call('POST', '/companies/cadastro', {
      body: {
        name: `Trial ${Date.now()}`,
        email,
        phone: '11999999999',
        password: 'Secret123',
        planId: plan.id,
        recurrence: 'MENSAL',
      },
    });
    expect(status).toBe(200);
    const invoices = await eventually(async () => {
      const found = (await billingState(server, body.id)).invoices;
      return found.length > 0 && found;
    });
    expect(invoices).toMatchObject([{ value: 30, dueDate: localDay(server, 3), status: 'open' }]);
  });

  it("issues the new due date's invoice right after the super user moves it", async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, 60) });
    const { status } = await server.call('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { dueDate: localDay(server, 10) },
    });
    expect(status).toBe(200);
    await eventually(async () => (await billingState(server, company.id)).invoices.length === 1);
  });
});

describe('GET /invoices/all', () => {
  it("answers the company's invoices only, due date descending", async () => {
    const { company, token } = await buildAdminSession(server);
    const older = await buildInvoice(server, company, { dueDate: localDay(server, -30), status: 'paid' });
    const newer = await buildInvoice(server, company, { dueDate: localDay(server, 2) });
    const stranger = await buildCompany(server);
    await buildInvoice(server, stranger);
    const { status, body } = await server.call('GET', '/invoices/all', { token });
    expect(status).toBe(200);
    expect(body.map((i: { id: number }) => i.id)).toEqual([newer.id, older.id]);
    expect(body[0]).toMatchObject({ value: 49, status: 'open', dueDate: localDay(server, 2), paidAt: null });
  });

  it('stays open to an expired company, whose other routes answer 403', async () => {
    const { company, token } = await buildAdminSession(server, { dueDate: localDay(server, -1) });
    await buildInvoice(server, company, { dueDate: localDay(server, -1) });
    expect((await server.call('GET', '/invoices/all', { token })).status).toBe(200);
    expect((await server.call('GET', '/tags', { token })).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });
});

describe("the super user's invoices", () => {
  it('pages every company and edits; status paid settles the invoice and moves the due date', async () => {
    const company = await buildCompany(server, { dueDate: localDay(server, 4) });
    const invoice = await buildInvoice(server, company, { dueDate: localDay(server, 4) });
    const page = await server.call('GET', '/invoices?pageNumber=1', { token: superToken });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: expect.any(Number), hasMore: expect.any(Boolean) });
    expect(page.body.invoices.length).toBeLessThanOrEqual(20);
    const edited = await server.call('PUT', `/invoices/${invoice.id}`, {
      token: superToken,
      body: { value: 12.5, status: 'paid' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'paid', value: 12.5, paidValue: 12.5 });
    const { company: after } = await billingState(server, company.id);
    expect(after.dueDate).toBe(addMonthsTo(localDay(server, 4), 1));
  });

  it('refuses edits from a company admin and bad values', async () => {
    const { company, token } = await buildAdminSession(server);
    const invoice = await buildInvoice(server, company);
    const refused = await server.call('PUT', `/invoices/${invoice.id}`, { token, body: { status: 'paid' } });
    expect(refused.status).toBe(403);
    const bad = await server.call('PUT', `/invoices/${invoice.id}`, {
      token: superToken,
      body: { status: 'late' },
    });
    expect(bad.status).toBe(400);
    const other = await buildInvoice(server, company, { dueDate: localDay(server, 40) });
    const clash = await server.call('PUT', `/invoices/${invoice.id}`, {
      token: superToken,
      body: { dueDate: other.dueDate, status: 'paid' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.fields).toHaveProperty('dueDate');
    expect((await billingState(server, company.id)).invoices.map((i) => i.status)).toEqual(['open', 'open']);
  });
});

function addMonthsTo(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

describeTenantIsolation({
  resource: 'invoice',
  server: () => server,
  create: async (s, owner) => buildInvoice(s, owner.company),
  byId: [
    { method: 'GET', path: (invoice) => `/invoices/${invoice.id}` },
    { method: 'POST', path: '/subscription', body: (invoice: { id: number }) => ({ invoiceId: invoice.id }) },
  ],
  lists: [{ path: '/invoices/all' }],
});
