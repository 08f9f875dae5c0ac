import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWrites, ticketWorld, type TicketWorld } from '../src/modules/tickets/tickets.fixtures';
import { buildQueue } from '../src/modules/whatsapps/whatsapps.fixtures';
import { startTestServer, type TestServer } from './harness';
import { asCompany } from './messaging-fixtures';
import { multipartBody } from './multipart';

// Issue 16: bad input found by an outside probe answered 500. Each now gets a 400 with a clear message, and
// nothing is half-written: no message row, no stored file.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const deepJson = (depth: number) => `{"body":${'['.repeat(depth)}${']'.repeat(depth)}}`;

function filesOf(companyId: number): string[] {
  const root = path.join(server.ctx.config.storageDir, `company${companyId}`);
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
}

const messagesOf = (world: TicketWorld, ticketId: number) =>
  asCompany(server, world.company.id, (tx) =>
    tx
      .selectFrom('messages')
      .where('ticketId', '=', ticketId)
      .where('fromMe', '=', true)
      .select('body')
      .execute(),
  );

describe('JSON nested 5,000 levels', () => {
  it('is refused with 400 on public and private routes alike', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    const routes: Array<[string, string, string | undefined]> = [
      ['POST', '/auth/login', undefined],
      ['POST', '/companies/cadastro', undefined],
      ['POST', '/resetpasswords', undefined],
      ['POST', '/tags', world.token],
      ['PUT', `/users/${world.admin.id}`, world.token],
      ['POST', `/messages/${ticket.id}`, world.token],
      ['POST', '/api/messages/send', world.connection.token],
    ];
    for (const [method, url, token] of routes) {
      const answer = await server.app.inject({
        method: method as 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: deepJson(5_000),
      });
      expect([url, answer.statusCode, answer.json()]).toEqual([
        url,
        400,
        { error: 'ERR_VALIDATION', message: 'JSON body nested deeper than 32 levels' },
      ]);
    }
    expect(await messagesOf(world, ticket.id)).toEqual([]);
  });

  it('still reads every body a form sends, nested as deep as the forms go', async () => {
    const world = await ticketWorld(server);
    const answer = await server.call('PUT', `/companies/${world.company.id}/schedules`, {
      token: world.token,
      body: {
        schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
      },
    });
    expect(answer.status).toBe(200);
  });
});

describe('truncated multipart bodies', () => {
  it('are refused with 400 on every upload route, leaving no file and no message behind', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    const queue = await buildQueue(server, world.company.id);
    const quick = await server.call('POST', '/quick-messages', {
      token: world.token,
      body: { shortcode: 'trunc', message: 'x' },
    });
    const option = await server.call('POST', '/queue-options', {
      token: world.token,
      body: { title: 'One', option: 1, queueId: queue.id },
    });
    const uploads: Array<[string, string, string]> = [
      [`/messages/${ticket.id}`, 'medias', world.token],
      ['/contacts/upload', 'file', world.token],
      [`/quick-messages/${quick.body.id}/media-upload`, 'file', world.token],
      [`/queue/${queue.id}/media-upload`, 'file', world.token],
      [`/queue-options/${option.body.id}/media-upload`, 'file', world.token],
      ['/api/messages/send', 'medias', world.connection.token],
    ];
    for (const [url, field, token] of uploads) {
      const whole = await multipartBody(
        { body: 'cut', number: '5511999990000', typeArch: 'quickMessage' },
        { field, name: 'boleto.pdf', content: Buffer.alloc(50_000, 65), type: 'application/pdf' },
      );
      for (const cut of [whole.body.length - 10, 300, 40]) {
        const answer = await server.call('POST', url, {
          token,
          body: whole.body.subarray(0, cut),
          headers: whole.headers,
        });
        expect([url, cut, answer.status, answer.body.error]).toEqual([url, cut, 400, 'ERR_VALIDATION']);
        expect(answer.body.message).toMatch(/^Malformed multipart body: /);
      }
    }
    expect(filesOf(world.company.id)).toEqual([]);
    expect(await messagesOf(world, ticket.id)).toEqual([]);
  });
});

describe('text a message cannot carry', () => {
  it('refuses a lone surrogate in a message body with 400 naming the field, storing nothing', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    for (const payload of [
      '{"body":"oi \\ud800"}',
      '{"body":"\\udfff fim"}',
      '{"body":"ok","quotedMsg":{"id":1,"body":"\\ud83d"}}',
    ]) {
      const answer = await server.app.inject({
        method: 'POST',
        url: `/messages/${ticket.id}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.token}` },
        payload,
      });
      expect([payload, answer.statusCode]).toEqual([payload, 400]);
      expect(answer.json()).toMatchObject({
        error: 'ERR_VALIDATION',
        message: 'Text with a NUL character or a lone UTF-16 surrogate',
      });
    }
    // A whole pair (an emoji) is fine.
    const emoji = await server.call('POST', `/messages/${ticket.id}`, {
      token: world.token,
      body: { body: 'oi 💥' },
    });
    expect(emoji.status).toBe(200);
    expect(await messagesOf(world, ticket.id)).toEqual([{ body: 'oi 💥' }]);
  });

  it('refuses a malformed mediaUrl with 400 on mediaUrl', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    for (const mediaUrl of [
      '/public/%E0%A4%A',
      '%',
      'http://[::1',
      '/public/../../etc/passwd',
      'javascript:alert(1)',
    ]) {
      const answer = await server.call('POST', `/messages/${ticket.id}`, {
        token: world.token,
        body: { body: 'anexo', mediaUrl },
      });
      expect([mediaUrl, answer.status, answer.body.fields]).toEqual([
        mediaUrl,
        400,
        { mediaUrl: 'Invalid value' },
      ]);
    }
    expect(await messagesOf(world, ticket.id)).toEqual([]);
  });
});
