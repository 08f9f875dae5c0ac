import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { eventually } from '../../../test/messaging-fixtures';
import { multipartBody } from '../../../test/multipart';
import { connectSocket } from '../../../test/socket-client';
import { contactOf, readSchedule, scheduleRow } from './schedules.fixtures';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('schedules CRUD', () => {
  it('creates a PENDENTE schedule authored by the caller and lists it with its contact', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const contact = await contactOf(server, company.id, 'Renata Alves');
    const sendAt = tomorrow();

    const created = await server.call('POST', '/schedules', {
      token,
      body: { body: 'Olá {{firstName}}, sua consulta é amanhã', contactId: contact.id, sendAt },
    });

    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      body: 'Olá {{firstName}}, sua consulta é amanhã',
      contactId: contact.id,
      contact: { id: contact.id, name: 'Renata Alves' },
      userId: admin.id,
      status: 'PENDENTE',
      sendAt,
      sentAt: null,
      late: false,
    });
    const listed = await server.call('GET', '/schedules?searchParam=renata&pageNumber=1', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, hasMore: false });
    expect(listed.body.schedules.map((s: { id: number }) => s.id)).toEqual([created.body.id]);
    const missed = await server.call('GET', '/schedules?searchParam=ninguem', { token });
    expect(missed.body).toMatchObject({ schedules: [], count: 0, hasMore: false });
  });

  it('pages 20 by 20 by sendAt and filters by contact', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const a = await contactOf(server, company.id, 'Ana');
    const b = await contactOf(server, company.id, 'Bruno');
    for (let i = 0; i < 22; i += 1) {
      await scheduleRow(server, company.id, {
        contactId: i < 21 ? a.id : b.id,
        userId: admin.id,
        sendAt: new Date(Date.now() + (i + 1) * 60_000),
      });
    }
    const first = await server.call('GET', '/schedules?pageNumber=1', { token });
    const second = await server.call('GET', '/schedules?pageNumber=2', { token });
    expect(first.body.schedules).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.schedules).toHaveLength(2);
    const byContact = await server.call('GET', `/schedules?contactId=${b.id}`, { token });
    expect(byContact.body.count).toBe(1);
    expect(byContact.body.schedules[0].contact.name).toBe('Bruno');
  });

  it('refuses a short body, a missing contact and a missing sendAt with the spec texts', async () => {
    const { company, token } = await buildAdminSession(server);
    const contact = await contactOf(server, company.id);
    const short = await server.call('POST', '/schedules', {
      token,
      body: { body: 'Oi', contactId: contact.id, sendAt: tomorrow() },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toMatchObject({ body: 'Mensagem muito curta' });
    const missing = await server.call('POST', '/schedules', { token, body: { body: 'Olá, tudo bem?' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ contactId: 'Obrigatório', sendAt: 'Obrigatório' });
    const count = await server.call('GET', '/schedules', { token });
    expect(count.body.count).toBe(0);
  });

  it("answers 404 for another company's contact and writes nothing", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const foreign = await contactOf(server, b.company.id);
    const answer = await server.call('POST', '/schedules', {
      token: a.token,
      body: { body: 'Olá, tudo bem?', contactId: foreign.id, sendAt: tomorrow() },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await server.call('GET', '/schedules', { token: a.token })).body.count).toBe(0);
  });

  it('puts an edited schedule back to PENDENTE and refuses to edit one already sent', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const contact = await contactOf(server, company.id);
    const failed = await scheduleRow(server, company.id, {
      contactId: contact.id,
      userId: admin.id,
      status: 'ERRO',
      attempts: 3,
    });
    const edited = await server.call('PUT', `/schedules/${failed}`, {
      token,
      body: { body: 'Texto novo, agora vai' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'PENDENTE', body: 'Texto novo, agora vai', attempts: 0 });

    const sent = await scheduleRow(server, company.id, {
      contactId: contact.id,
      userId: admin.id,
      status: 'ENVIADA',
      sentAt: new Date(),
    });
    const refused = await server.call('PUT', `/schedules/${sent}`, {
      token,
      body: { body: 'Mudando o texto' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    expect((await readSchedule(server, company.id, sent)).body).toBe('Olá, lembrete da consulta');
  });

  it("lets authors change their own schedules and admins anyone's", async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const contact = await contactOf(server, company.id);
    const agentUser = await buildUser(server, company, { profile: 'user' });
    const agent = await login(server, agentUser);
    const adminsOwn = await scheduleRow(server, company.id, { contactId: contact.id, userId: admin.id });
    const agentsOwn = await scheduleRow(server, company.id, { contactId: contact.id, userId: agentUser.id });

    const forbidden = await server.call('PUT', `/schedules/${adminsOwn}`, {
      token: agent.token,
      body: { body: 'Não é meu agendamento' },
    });
    expect(forbidden.status).toBe(403);
    expect((await server.call('DELETE', `/schedules/${adminsOwn}`, { token: agent.token })).status).toBe(403);
    const own = await server.call('PUT', `/schedules/${agentsOwn}`, {
      token: agent.token,
      body: { body: 'Meu próprio agendamento' },
    });
    expect(own.status).toBe(200);
    const removed = await server.call('DELETE', `/schedules/${agentsOwn}`, { token });
    expect(removed.body).toEqual({ message: 'Schedule deleted' });
    expect((await server.call('GET', `/schedules/${agentsOwn}`, { token })).status).toBe(404);
  });

  it('emits -schedule create, update and delete to the company', async () => {
    const { company, token } = await buildAdminSession(server);
    const contact = await contactOf(server, company.id);
    const socket = await connectSocket(baseUrl, token);
    const event = `company-${company.id}-schedule`;
    const created = await server.call('POST', '/schedules', {
      token,
      body: { body: 'Lembrete importante', contactId: contact.id, sendAt: tomorrow() },
    });
    await server.call('PUT', `/schedules/${created.body.id}`, { token, body: { body: 'Lembrete alterado' } });
    await server.call('DELETE', `/schedules/${created.body.id}`, { token });
    const received = await eventually(async () => {
      const events = socket.received(event);
      return events.length >= 3 ? events : undefined;
    });
    socket.close();
    expect(received.map((e) => (e as { action: string }).action)).toEqual(['create', 'update', 'delete']);
    expect(received[2]).toEqual({ action: 'delete', scheduleId: created.body.id });
  });

  it('attaches a png and refuses other files; the attachment can be removed', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const contact = await contactOf(server, company.id);
    const id = await scheduleRow(server, company.id, { contactId: contact.id, userId: admin.id });
    const pdf = await multipartBody({}, { name: 'nota.pdf', content: 'x', type: 'application/pdf' });
    const refused = await server.call('POST', `/schedules/${id}/media-upload`, { token, ...pdf });
    expect(refused.status).toBe(400);
    const png = await multipartBody({}, { name: 'foto da loja.png', content: PNG, type: 'image/png' });
    const attached = await server.call('POST', `/schedules/${id}/media-upload`, { token, ...png });
    expect(attached.status).toBe(200);
    expect(attached.body.mediaName).toBe('foto_da_loja.png');
    expect(attached.body.mediaPath).toMatch(new RegExp(`^company${company.id}/schedules/`));
    const served = await server.app.inject({ method: 'GET', url: `/public/${attached.body.mediaPath}` });
    expect(served.statusCode).toBe(200);
    const detached = await server.call('DELETE', `/schedules/${id}/media-upload`, { token });
    expect(detached.body).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it('answers 403 ERR_PLAN_FEATURE_DISABLED when the plan has no schedules', async () => {
    const { token } = await buildAdminSession(server, { plan: { useSchedules: false } });
    const answer = await server.call('GET', '/schedules', { token });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});

describeTenantIsolation<{ id: number; contactId: number }>({
  resource: 'schedule',
  server: () => server,
  create: async (s, owner) => {
    const contact = await contactOf(s, owner.company.id);
    const answer = await s.call('POST', '/schedules', {
      token: owner.token,
      body: { body: 'Lembrete isolado', contactId: contact.id, sendAt: tomorrow() },
    });
    return { id: answer.body.id as number, contactId: contact.id };
  },
  byId: [
    { method: 'GET', path: (r) => `/schedules/${r.id}` },
    { method: 'PUT', path: (r) => `/schedules/${r.id}`, body: { body: 'Tentativa de outra empresa' } },
    { method: 'DELETE', path: (r) => `/schedules/${r.id}/media-upload` },
    { method: 'DELETE', path: (r) => `/schedules/${r.id}` },
  ],
  lists: [{ path: '/schedules' }],
});
