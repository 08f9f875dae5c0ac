import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWrites, ticketWorld } from '../src/modules/tickets/tickets.fixtures';
import { buildQueue } from '../src/modules/whatsapps/whatsapps.fixtures';
import { buildAdminSession } from './factories';
import { startTestServer, type TestServer } from './harness';
import { asCompany } from './messaging-fixtures';
import { multipartBody } from './multipart';

// Issue 16 section 1: a client written against the spec by another team works. Paths with the spec's trailing
// slash, numbers and booleans the way real clients send them, phone numbers as people type them, and CORS for a
// web client served from FRONTEND_URL.

const FRONTEND_URL = 'http://client.example:5173';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FRONTEND_URL });
});
afterAll(() => server.close());

describe('paths written with a trailing slash', () => {
  it('answer exactly as without it, and /users/ is the list, not a user with an empty id', async () => {
    const { company, token } = await buildAdminSession(server);
    await buildQueue(server, company.id);
    const paths = [
      '/users/',
      '/settings/',
      '/contacts/',
      '/tags/',
      '/queue/',
      '/whatsapp/?session=0',
      '/users/?searchParam=&pageNumber=1',
      '/tickets/?pageNumber=1',
      '/helps/',
    ];
    for (const path of paths) {
      const slashed = await server.call('GET', path, { token });
      const plain = await server.call('GET', path.replace(/\/(\?|$)/, '$1'), { token });
      expect([path, slashed.status]).toEqual([path, 200]);
      expect(slashed.body, path).toEqual(plain.body);
    }
    const users = await server.call('GET', '/users/', { token });
    expect(Object.keys(users.body)).toEqual(expect.arrayContaining(['users', 'hasMore']));
  });

  it('works for writes and for public routes too', async () => {
    const { token } = await buildAdminSession(server);
    const created = await server.call('POST', '/tags/', { token, body: { name: 'Slashed tag' } });
    expect([created.status, created.body.name]).toEqual([200, 'Slashed tag']);
    const renamed = await server.call('PUT', `/tags/${created.body.id}/`, {
      token,
      body: { name: 'Renamed tag' },
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Renamed tag']);
    expect((await server.call('GET', '/plans/list/')).status).toBe(200);
    expect((await server.call('GET', '/version/')).body.version).toEqual(expect.any(String));
  });

  it('keeps the API docs and their JSON at /docs and /docs/', async () => {
    for (const path of ['/docs', '/docs/', '/docs/json']) {
      const answer = await server.app.inject({ method: 'GET', url: path });
      expect([path, answer.statusCode < 400]).toEqual([path, true]);
    }
    const json = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(json.json().paths)).toContain('/users');
  });
});

describe('numbers and booleans as real clients send them', () => {
  it('accepts read: 1 and fromMe: 1 when replying, so such a client can answer a ticket', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    const answer = await server.call('POST', `/messages/${ticket.id}`, {
      token: world.token,
      body: { body: 'Respondendo', read: 1, fromMe: 1, quotedMsg: null, mediaUrl: null },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.messages).toEqual([expect.objectContaining({ body: 'Respondendo', fromMe: true })]);
    const refused = await server.call('POST', `/messages/${ticket.id}`, {
      token: world.token,
      body: { body: 'x', read: 2 },
    });
    expect([refused.status, Object.keys(refused.body.fields)]).toEqual([400, ['read']]);
  });

  it('reads numeric and boolean multipart fields as their values', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    const form = await multipartBody({ body: 'Segue', fromMe: '1', read: '1' });
    const answer = await server.call('POST', `/messages/${ticket.id}`, { token: world.token, ...form });
    expect(answer.status).toBe(200);
    expect(answer.body.messages[0]).toMatchObject({ body: 'Segue', fromMe: true });
  });

  it('reads whatsappId: false (and "", 0, null) as no default connection when creating a user', async () => {
    const { company, token } = await buildAdminSession(server);
    const none = [false, '', 0, '0', null, 'false'];
    for (const [i, whatsappId] of none.entries()) {
      const answer = await server.call('POST', '/users', {
        token,
        body: {
          name: `Agent ${i}`,
          email: `agent-${company.id}-${i}@example.com`,
          password: 'secret1',
          whatsappId,
        },
      });
      expect([JSON.stringify(whatsappId), answer.status, answer.body.whatsappId]).toEqual([
        JSON.stringify(whatsappId),
        200,
        null,
      ]);
    }
    const queue = await buildQueue(server, company.id);
    const typed = await server.call('POST', '/users', {
      token,
      body: {
        name: 'Agent text ids',
        email: `agent-${company.id}-text@example.com`,
        password: 'secret1',
        queueIds: [String(queue.id)],
        companyId: String(company.id),
      },
    });
    expect(typed.status).toBe(200);
    expect(typed.body.queues.map((q: { id: number }) => q.id)).toEqual([queue.id]);
    for (const wrong of [true, 'abc', [1], 1.5, -3]) {
      const answer = await server.call('POST', '/users', {
        token,
        body: {
          name: 'Wrong',
          email: `wrong-${company.id}@example.com`,
          password: 'secret1',
          whatsappId: wrong,
        },
      });
      expect([JSON.stringify(wrong), answer.status, answer.body.fields]).toEqual([
        JSON.stringify(wrong),
        400,
        { whatsappId: 'Invalid value' },
      ]);
    }
  });

  it('reads false as "none" for the other nullable links of a ticket and a connection', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    const moved = await server.call('PUT', `/tickets/${ticket.id}`, {
      token: world.token,
      body: {
        status: 'open',
        userId: String(world.admin.id),
        queueId: false,
        promptId: false,
        integrationId: 0,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'open', userId: world.admin.id, queueId: null });
    const connection = await server.call('POST', '/whatsapp', {
      token: world.token,
      body: { name: 'Typed connection', provider: 'simulator', expiresTicket: '30', transferQueueId: false },
    });
    expect(connection.status).toBe(200);
    expect(connection.body).toMatchObject({ expiresTicket: 30, transferQueueId: null });
  });

  it('reads numeric text and 1/0 in query strings', async () => {
    const world = await ticketWorld(server);
    await customerWrites(server, world);
    const listed = await server.call('GET', '/tickets?pageNumber=1&showAll=1&withUnreadMessages=0', {
      token: world.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.tickets).toHaveLength(1);
  });
});

describe('phone numbers in usual formats', () => {
  it('are kept as their digits for contacts and the external API', async () => {
    const world = await ticketWorld(server);
    world.phone.registered.add('5511921726728');
    const contact = await server.call('POST', '/contacts', {
      token: world.token,
      body: { name: 'Formatted Number', number: '+55 (11) 92172-6728' },
    });
    expect([contact.status, contact.body.number]).toEqual([200, '5511921726728']);
    const found = await server.call('GET', `/contact?number=${encodeURIComponent('+55 11 92172.6728')}`, {
      token: world.token,
    });
    expect([found.status, found.body.id]).toEqual([200, contact.body.id]);

    world.phone.registered.add('5511933334444');
    const sent = await server.call('POST', '/api/messages/send', {
      token: world.connection.token,
      body: { number: '+55 (11) 93333-4444', body: 'Pelo número formatado' },
    });
    expect(sent.status).toBe(200);
    const contacts = await asCompany(server, world.company.id, (tx) =>
      tx.selectFrom('contacts').where('number', '=', '5511933334444').select('number').execute(),
    );
    expect(contacts).toEqual([{ number: '5511933334444' }]);

    const refused = await server.call('POST', '/contacts', {
      token: world.token,
      body: { name: 'Letters', number: '+55 (11) CALL-ME' },
    });
    expect([refused.status, refused.body.fields]).toEqual([400, { number: 'Invalid value' }]);
  });
});

describe('CORS for a web client on FRONTEND_URL', () => {
  it('allows every method and the headers the client sends in the preflight', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: '/tickets/1',
        headers: {
          origin: FRONTEND_URL,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,accept,accept-language',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(FRONTEND_URL);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const methods = String(preflight.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toContain(method);
      const headers = String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(headers).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'accept', 'accept-language']),
      );
    }
  });

  it('lets the client on FRONTEND_URL read the answers, and no other origin', async () => {
    const { token } = await buildAdminSession(server);
    const own = await server.call('DELETE', '/auth/logout', { token, headers: { origin: FRONTEND_URL } });
    expect(own.status).toBe(200);
    expect(own.response.headers['access-control-allow-origin']).toBe(FRONTEND_URL);
    const other = await server.app.inject({
      method: 'OPTIONS',
      url: '/auth/logout',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(other.headers['access-control-allow-origin']).not.toBe('http://evil.example');
  });
});
