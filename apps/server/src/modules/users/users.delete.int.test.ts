import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;

/** A ticket with its current attendance cycle, as the tickets module would leave it. */
async function createTicket(
  companyId: number,
  options: { userId: number | null; status: 'open' | 'pending' | 'closed' },
) {
  return server.ctx.scopes.tenant(companyId).run(async (tx) => {
    const contact = await tx
      .insertInto('contacts')
      .values({ companyId, name: 'Customer', number: `5511${Date.now() % 1e7}${++sequence}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ticket = await tx
      .insertInto('tickets')
      .values({ companyId, contactId: contact.id, userId: options.userId, status: options.status })
      .returning('id')
      .executeTakeFirstOrThrow();
    const startedAt = new Date(Date.now() - 60_000);
    await tx
      .insertInto('ticketTracking')
      .values({
        companyId,
        ticketId: ticket.id,
        userId: options.userId,
        queuedAt: new Date(Date.now() - 120_000),
        startedAt: options.status === 'open' ? startedAt : null,
        finishedAt: options.status === 'closed' ? new Date() : null,
      })
      .execute();
    return ticket.id;
  });
}

async function ticketState(companyId: number, ticketId: number) {
  return server.ctx.scopes.tenant(companyId).run(async (tx) => {
    const ticket = await tx
      .selectFrom('tickets')
      .where('id', '=', ticketId)
      .select(['status', 'userId'])
      .executeTakeFirstOrThrow();
    const cycle = await tx
      .selectFrom('ticketTracking')
      .where('ticketId', '=', ticketId)
      .select(['userId', 'startedAt', 'finishedAt', 'queuedAt'])
      .executeTakeFirstOrThrow();
    return { ...ticket, cycle };
  });
}

describe('DELETE /users/:id', () => {
  it('deletes a user of the company and answers {message: "User deleted"}', async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const { status, body } = await server.call('DELETE', `/users/${target.id}`, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'User deleted' });
    const after = await server.call('GET', `/users/${target.id}`, { token });
    expect(after.status).toBe(404);
    expect(after.body.error).toBe('ERR_NO_USER_FOUND');
  });

  it("ends the deleted user's sessions", async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const session = await login(server, target);
    expect((await server.call('GET', '/auth/me', { token: session.token })).status).toBe(200);
    await server.call('DELETE', `/users/${target.id}`, { token });
    expect((await server.call('GET', '/auth/me', { token: session.token })).status).toBe(401);
  });

  it('returns their open tickets to pending without owner and makes the cycle wait again', async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const open = await createTicket(company.id, { userId: target.id, status: 'open' });
    const closed = await createTicket(company.id, { userId: target.id, status: 'closed' });
    const before = await ticketState(company.id, open);

    expect((await server.call('DELETE', `/users/${target.id}`, { token })).status).toBe(200);

    const released = await ticketState(company.id, open);
    expect(released).toMatchObject({ status: 'pending', userId: null });
    expect(released.cycle).toMatchObject({ userId: null, startedAt: null, finishedAt: null });
    expect(released.cycle.queuedAt.getTime()).toBeGreaterThan(before.cycle.queuedAt.getTime());
    expect(await ticketState(company.id, closed)).toMatchObject({ status: 'closed', userId: null });
  });

  it('refuses to delete oneself with ERR_CANNOT_DELETE_SELF', async () => {
    const { admin, token } = await buildAdminSession(server);
    const { status, body } = await server.call('DELETE', `/users/${admin.id}`, { token });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_CANNOT_DELETE_SELF');
    expect((await server.call('GET', `/users/${admin.id}`, { token })).status).toBe(200);
  });

  it('refuses attendants and supervisors with 403', async () => {
    const company = await buildCompany(server);
    const target = await buildUser(server, company, { profile: 'user' });
    for (const profile of ['user', 'supervisor'] as const) {
      const caller = await login(server, await buildUser(server, company, { profile }));
      const { status } = await server.call('DELETE', `/users/${target.id}`, { token: caller.token });
      expect(status).toBe(403);
    }
    const admin = await login(server, await buildUser(server, company, { profile: 'admin' }));
    expect((await server.call('GET', `/users/${target.id}`, { token: admin.token })).status).toBe(200);
  });

  it('refuses a company admin deleting a super user of the company', async () => {
    const { company, token } = await buildAdminSession(server);
    const superUser = await buildUser(server, company, { super: true });
    const { status } = await server.call('DELETE', `/users/${superUser.id}`, { token });
    expect(status).toBe(403);
    expect((await server.call('GET', `/users/${superUser.id}`, { token })).status).toBe(200);
  });

  it('answers 404 ERR_NO_USER_FOUND for an id that does not exist', async () => {
    const { token } = await buildAdminSession(server);
    const { status, body } = await server.call('DELETE', '/users/2000000000', { token });
    expect(status).toBe(404);
    expect(body.error).toBe('ERR_NO_USER_FOUND');
  });
});
